import {
  GENDER_LIMIT_LABELS,
  GENDER_LIMITS,
  departmentResource,
  usClassifyResource,
  usItemResource,
} from '@checkup/api-contract';
import { ResourceScreen } from '../../../../lib/resource/resource-screen';
import { ResourceSelect } from '../../../../lib/resource/resource-select';

const genderOptions = GENDER_LIMITS.map((value) => ({ value, label: GENDER_LIMIT_LABELS[value] }));

/** 超声项目 (exam_cfg/ultrasonic_cfg/item): what the ultrasound doctor describes, by body part and department. */
export default function UsItem() {
  return (
    <ResourceScreen
      resource={usItemResource}
      title="超声项目"
      filters={[
        { name: 'key', kind: 'search', label: '搜索超声项目', placeholder: '项目名称或输入码' },
        { name: 'gender_limit', kind: 'select', label: '适用性别', options: genderOptions },
      ]}
      columns={[
        { title: '项目名称', dataIndex: 'item_name', width: 150 },
        { title: '输入码', dataIndex: 'input_code', width: 90 },
        {
          title: '适用性别',
          dataIndex: 'gender_limit',
          width: 90,
          render: (g: '0' | '1' | '2') => GENDER_LIMIT_LABELS[g],
        },
        { title: '分类', dataIndex: 'classify_name', width: 120 },
        { title: '科室', dataIndex: 'dept_name', width: 120 },
        { title: '排序', dataIndex: 'sort', width: 70 },
      ]}
      fields={[
        { name: 'item_name', label: '项目名称' },
        { name: 'input_code', label: '输入码', extra: '名称拼音首字母，医生输入它找到项目，例如肝脏为 GZ' },
        { name: 'gender_limit', label: '适用性别', kind: 'select', options: genderOptions },
        {
          name: 'classify_id',
          label: '分类',
          input: (
            <ResourceSelect
              resource={usClassifyResource}
              labelOf={(c) => (c.parent_name ? `${c.parent_name} / ${c.classify_name}` : c.classify_name)}
              aria-label="分类"
              placeholder="输入名称搜索分类"
            />
          ),
        },
        {
          name: 'dept_id',
          label: '科室',
          input: <ResourceSelect resource={departmentResource} labelOf={(d) => d.dept_name} aria-label="科室" />,
        },
        { name: 'sort', label: '排序', kind: 'number' },
      ]}
      blank={{ gender_limit: '0', sort: 0 }}
    />
  );
}
