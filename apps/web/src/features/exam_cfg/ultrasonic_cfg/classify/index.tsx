import { usClassifyResource } from '@checkup/api-contract';
import { ResourceScreen } from '../../../../lib/resource/resource-screen';
import { ResourceSelect } from '../../../../lib/resource/resource-select';

/**
 * 超声分类 (exam_cfg/ultrasonic_cfg/classify): the body-part tree (腹部 → 肝胆). Each branch is listed
 * as a block, the root first; a node with children is not removed (the server says why).
 */
export default function UsClassify() {
  return (
    <ResourceScreen
      resource={usClassifyResource}
      title="超声分类"
      filters={[{ name: 'key', kind: 'search', label: '搜索分类', placeholder: '分类名称或英文名' }]}
      columns={[
        {
          title: '分类名称',
          dataIndex: 'classify_name',
          width: 180,
          // Children are indented under their parent, which the list puts right before them.
          render: (name: string, row) => (row.parent_id ? `└ ${name}` : name),
        },
        { title: '英文名', dataIndex: 'name_en', width: 160 },
        { title: '父级', dataIndex: 'parent_name', width: 120 },
        { title: '排序', dataIndex: 'sort', width: 70 },
        { title: '下级数', dataIndex: 'child_count', width: 80, render: (n: number) => n || '' },
      ]}
      fields={[
        {
          name: 'parent_id',
          label: '父级',
          extra: '不选为顶级分类',
          input: (
            <ResourceSelect
              resource={usClassifyResource}
              labelOf={(c) => (c.parent_name ? `${c.parent_name} / ${c.classify_name}` : c.classify_name)}
              aria-label="父级"
              placeholder="输入名称搜索分类"
            />
          ),
        },
        { name: 'classify_name', label: '分类名称' },
        { name: 'name_en', label: '英文名' },
        { name: 'sort', label: '序号', kind: 'number' },
      ]}
      blank={{ sort: 0 }}
    />
  );
}
