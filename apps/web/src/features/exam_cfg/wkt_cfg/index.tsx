import { departmentResource, workGroupResource } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { ResourceSelect } from '../../../lib/resource/resource-select';

/** 工作组 (exam_cfg/wkt_cfg): the groups of each department; an imaging group signs on its own. */
export default function WktCfg() {
  return (
    <ResourceScreen
      resource={workGroupResource}
      title="工作组配置"
      filters={[{ name: 'key', kind: 'search', label: '搜索工作组', placeholder: '工作组或科室名称' }]}
      columns={[
        { title: '科室', dataIndex: 'dept_name', width: 140 },
        { title: '工作组名称', dataIndex: 'group_name', width: 180 },
        { title: '影像分组', dataIndex: 'is_imaging', width: 100, render: (v: boolean) => (v ? '是' : '否') },
        { title: '排序', dataIndex: 'sort', width: 80 },
      ]}
      fields={[
        {
          name: 'dept_id',
          label: '科室',
          input: <ResourceSelect resource={departmentResource} labelOf={(d) => d.dept_name} aria-label="科室" />,
        },
        { name: 'group_name', label: '工作组名称' },
        { name: 'is_imaging', label: '影像分组', kind: 'switch', extra: '影像分组单独签名（spec §7）' },
        { name: 'sort', label: '排序', kind: 'number' },
      ]}
      blank={{ is_imaging: false, sort: 0 }}
    />
  );
}
