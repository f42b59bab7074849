import { DEPT_TYPE_LABELS, DEPT_TYPES, departmentResource } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';

const typeOptions = DEPT_TYPES.map((value) => ({ value, label: DEPT_TYPE_LABELS[value] }));

/** 科室配置 (exam_cfg/dept_cfg): the departments that examine, their type and their order. */
export default function DeptCfg() {
  return (
    <ResourceScreen
      resource={departmentResource}
      title="科室配置"
      filters={[
        { name: 'key', kind: 'search', label: '搜索科室', placeholder: '科室名称或编码' },
        { name: 'dept_type', kind: 'select', label: '科室类型', options: typeOptions },
      ]}
      columns={[
        { title: '科室编码', dataIndex: 'dept_code', width: 120 },
        { title: '科室名称', dataIndex: 'dept_name', width: 160 },
        {
          title: '科室类型',
          dataIndex: 'dept_type',
          width: 100,
          render: (t: keyof typeof DEPT_TYPE_LABELS) => DEPT_TYPE_LABELS[t],
        },
        { title: '排序', dataIndex: 'sort', width: 80 },
        { title: '修改人', dataIndex: 'updated_by_name', width: 100 },
      ]}
      fields={[
        { name: 'dept_code', label: '科室编码', placeholder: '例如 NK' },
        { name: 'dept_name', label: '科室名称' },
        { name: 'dept_type', label: '科室类型', kind: 'select', options: typeOptions },
        { name: 'sort', label: '排序', kind: 'number', extra: '导检单上按排序从小到大列出' },
      ]}
      blank={{ dept_type: 'check', sort: 0 }}
    />
  );
}
