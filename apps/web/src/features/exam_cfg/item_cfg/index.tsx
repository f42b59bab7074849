import {
  CRITICAL_LEVEL_LABELS,
  CRITICAL_LEVELS,
  RESULT_TYPE_LABELS,
  RESULT_TYPES,
  departmentResource,
  examItemResource,
} from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { ResourceSelect } from '../../../lib/resource/resource-select';

const typeOptions = RESULT_TYPES.map((value) => ({ value, label: RESULT_TYPE_LABELS[value] }));
const levelOptions = CRITICAL_LEVELS.map((value) => ({ value, label: CRITICAL_LEVEL_LABELS[value] }));
/** A reference range as read: 3.5-9.5, ≥3.5 or ≤9.5. */
function range(low: string | null, high: string | null) {
  if (low !== null && high !== null) return `${low}-${high}`;
  if (low !== null) return `≥${low}`;
  return high === null ? '' : `≤${high}`;
}

/** Critical limits as read: <2 或 >30, <2, or >30. */
function critical(low: string | null, high: string | null) {
  return [low === null ? null : `<${low}`, high === null ? null : `>${high}`].filter(Boolean).join(' 或 ');
}

/**
 * 基础项目 (exam_cfg/item_cfg): what is measured, its unit, its reference ranges by sex and its critical
 * limits; a change judges the next result entered.
 */
export default function ItemCfg() {
  return (
    <ResourceScreen
      resource={examItemResource}
      title="基础项目"
      filters={[
        { name: 'key', kind: 'search', label: '搜索项目', placeholder: '项目名称或编码' },
        { name: 'result_type', kind: 'select', label: '结果类型', options: typeOptions },
      ]}
      columns={[
        { title: '项目编码', dataIndex: 'item_code', width: 110 },
        { title: '项目名称', dataIndex: 'item_name', width: 160 },
        { title: '科室', dataIndex: 'dept_name', width: 110 },
        { title: '类型', dataIndex: 'result_type', width: 70, render: (t: 'number' | 'text') => RESULT_TYPE_LABELS[t] },
        { title: '单位', dataIndex: 'unit', width: 90 },
        { title: '男参考范围', key: 'male', width: 120, render: (_v, r) => range(r.ref_low_male, r.ref_high_male) },
        {
          title: '女参考范围',
          key: 'female',
          width: 120,
          render: (_v, r) => range(r.ref_low_female, r.ref_high_female),
        },
        {
          title: '危急值',
          key: 'critical',
          width: 130,
          render: (_v, r) =>
            r.critical_low === null && r.critical_high === null
              ? ''
              : `${critical(r.critical_low, r.critical_high)}（${CRITICAL_LEVEL_LABELS[r.critical_level]}）`,
        },
      ]}
      fields={[
        { name: 'item_code', label: '项目编码' },
        { name: 'item_name', label: '项目名称' },
        {
          name: 'dept_id',
          label: '科室',
          input: <ResourceSelect resource={departmentResource} labelOf={(d) => d.dept_name} aria-label="科室" />,
        },
        { name: 'result_type', label: '结果类型', kind: 'select', options: typeOptions },
        { name: 'unit', label: '单位' },
        { name: 'ref_low_male', label: '男参考下限' },
        { name: 'ref_high_male', label: '男参考上限' },
        { name: 'ref_low_female', label: '女参考下限' },
        { name: 'ref_high_female', label: '女参考上限' },
        { name: 'critical_low', label: '危急值下限', extra: '低于下限即为危急值，通知临床' },
        { name: 'critical_high', label: '危急值上限' },
        {
          name: 'critical_level',
          label: '危急程度',
          kind: 'select',
          options: levelOptions,
          extra: '结果超出危急值上下限时提报的危急程度',
        },
        {
          name: 'normal_text',
          label: '正常结果',
          extra: '文字结果与之相同即为正常，例如“未见异常”；科室录入的「全部正常」填入此结果（数值项目须填数值）',
        },
        { name: 'high_words', label: '偏高结论词' },
        { name: 'low_words', label: '偏低结论词' },
        { name: 'external_code', label: 'LIS/PACS编码' },
        { name: 'sort', label: '排序', kind: 'number' },
      ]}
      blank={{ result_type: 'number', critical_level: '3', sort: 0 }}
    />
  );
}
