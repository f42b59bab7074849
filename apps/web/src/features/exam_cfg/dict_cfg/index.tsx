import { dictTypeResource } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';

/**
 * 字典配置 (exam_cfg/dict_cfg, breadth §6.12): the dictionary types whose entries 数据字典 keeps. A type
 * that still has entries is not removed (the server says how many); disable it instead.
 */
export default function DictCfg() {
  return (
    <ResourceScreen
      resource={dictTypeResource}
      title="字典配置"
      filters={[{ name: 'key', kind: 'search', label: '搜索字典', placeholder: '字典名称或类型编码' }]}
      columns={[
        { title: '字典名称', dataIndex: 'type_name', width: 140 },
        { title: '类型编码', dataIndex: 'type_code', width: 140 },
        { title: '数据条数', dataIndex: 'data_count', width: 90, align: 'right' },
        { title: '备注', dataIndex: 'remark', width: 200 },
        { title: '修改人', dataIndex: 'updated_by_name', width: 100 },
      ]}
      fields={[
        { name: 'type_name', label: '字典名称', placeholder: '例如 民族' },
        {
          name: 'type_code',
          label: '类型编码',
          placeholder: '例如 nation',
          extra: '程序按编码读取字典，保存后请勿随意修改',
        },
        { name: 'remark', label: '备注' },
      ]}
    />
  );
}
