import { REF_PLATFORM_LABELS, REF_PLATFORMS, dictDataResource, dictRefResource } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { ResourceSelect } from '../../../lib/resource/resource-select';
import { useDictTypeOptions } from '../shared/dictionary/dict-type-options';

type Platform = (typeof REF_PLATFORMS)[number];
const platformOptions = REF_PLATFORMS.map((value) => ({ value, label: REF_PLATFORM_LABELS[value] }));

/**
 * 字典对照 (exam_cfg/dict_ref_cfg, breadth §6.12): a local dictionary entry's code on an external
 * platform (省职业卫生平台, HIS, LIS, PACS), once per platform and entry.
 */
export default function DictRefCfg() {
  const typeOptions = useDictTypeOptions();
  return (
    <ResourceScreen
      resource={dictRefResource}
      title="字典对照"
      filters={[
        { name: 'platform', kind: 'select', label: '对照平台', options: platformOptions },
        { name: 'type_id', kind: 'select', label: '字典类型', options: typeOptions },
        { name: 'key', kind: 'search', label: '搜索对照', placeholder: '本地标签、键值或外部编码' },
      ]}
      columns={[
        { title: '对照平台', dataIndex: 'platform', width: 130, render: (p: Platform) => REF_PLATFORM_LABELS[p] },
        { title: '字典类型', dataIndex: 'type_name', width: 110 },
        {
          title: '本地字典数据',
          dataIndex: 'data_label',
          width: 180,
          render: (label: string, row) => `${label}（${row.data_value}）`,
        },
        { title: '外部编码', dataIndex: 'external_code', width: 120 },
        { title: '外部名称', dataIndex: 'external_name', width: 160 },
      ]}
      fields={[
        { name: 'platform', label: '对照平台', kind: 'select', options: platformOptions },
        {
          name: 'data_id',
          label: '本地字典数据',
          input: (
            <ResourceSelect
              resource={dictDataResource}
              labelOf={(d) => `${d.type_name} · ${d.label}（${d.value}）`}
              aria-label="本地字典数据"
              placeholder="输入标签或键值搜索"
            />
          ),
        },
        { name: 'external_code', label: '外部编码' },
        { name: 'external_name', label: '外部名称' },
        { name: 'remark', label: '备注' },
      ]}
    />
  );
}
