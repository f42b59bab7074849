import { diagnosisResource } from '@checkup/api-contract';
import type { SchemaField } from '@checkup/ui';
import { ResourceSelect } from '../../../../lib/resource/resource-select';

/** The form of a merged conclusion word, in 诊断关联's drawer and on its detail page alike. */
export const mergeFields: SchemaField[] = [
  { name: 'merge_name', label: '合并名称', extra: '例如：血脂增高 + 脂肪肝 → 代谢异常' },
  { name: 'input_code', label: '输入码', extra: '名称拼音的首字母，总检时按它检索' },
  {
    name: 'member_ids',
    label: '合并的诊断',
    extra: '至少两个；总检时这些诊断都出现，即合并为本诊断',
    input: (
      <ResourceSelect
        resource={diagnosisResource}
        mode="multiple"
        labelOf={(d) => `${d.diag_name}（${d.diag_code}）`}
        aria-label="合并的诊断"
        placeholder="输入名称、编码或拼音搜索诊断"
      />
    ),
  },
  { name: 'advice', label: '总检建议', kind: 'textarea' },
  { name: 'group_advice', label: '团检建议', kind: 'textarea' },
  { name: 'remark', label: '备注' },
];
