import {
  GENDER_LIMIT_LABELS,
  GENDER_LIMITS,
  departmentResource,
  examItemResource,
  unionResource,
} from '@checkup/api-contract';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { ResourceSelect } from '../../../lib/resource/resource-select';
import { recordPath } from '../shared/record-page/use-record';

const genderOptions = GENDER_LIMITS.map((value) => ({ value, label: GENDER_LIMIT_LABELS[value] }));

/**
 * 组合项目 (exam_cfg/union_cfg): what is ordered and priced, its department, the basic items it holds in
 * order, and the unions it may not be ordered with (互斥, kept both ways).
 */
export default function UnionCfg() {
  const navigate = useNavigate();
  return (
    <ResourceScreen
      resource={unionResource}
      title="组合项目"
      filters={[
        { name: 'key', kind: 'search', label: '搜索组合项目', placeholder: '名称、编码或拼音简码' },
        { name: 'gender_limit', kind: 'select', label: '适用性别', options: genderOptions },
      ]}
      columns={[
        { title: '组合编码', dataIndex: 'union_code', width: 110 },
        { title: '组合名称', dataIndex: 'union_name', width: 160 },
        { title: '科室', dataIndex: 'dept_name', width: 110 },
        { title: '价格', dataIndex: 'price', width: 90, align: 'right' },
        { title: '性别', dataIndex: 'gender_limit', width: 70, render: (g: '0' | '1' | '2') => GENDER_LIMIT_LABELS[g] },
        { title: '项目数', dataIndex: 'item_ids', width: 80, render: (ids: number[]) => ids.length },
        { title: '互斥', dataIndex: 'mutex_ids', width: 70, render: (ids: number[]) => ids.length || '' },
        { title: '禁止打折', dataIndex: 'no_discount', width: 80, render: (v: boolean) => (v ? '是' : '') },
      ]}
      fields={[
        { name: 'union_code', label: '组合编码' },
        { name: 'union_name', label: '组合名称' },
        {
          name: 'dept_id',
          label: '科室',
          input: <ResourceSelect resource={departmentResource} labelOf={(d) => d.dept_name} aria-label="科室" />,
        },
        { name: 'price', label: '价格（元）', extra: '最多两位小数' },
        { name: 'gender_limit', label: '适用性别', kind: 'select', options: genderOptions },
        { name: 'specimen', label: '标本类型', extra: '需要打印条码的标本，例如 blood、urine' },
        { name: 'pinyin', label: '拼音简码' },
        { name: 'no_discount', label: '禁止打折', kind: 'switch', extra: '登记台不能对该项目打折' },
        {
          name: 'item_ids',
          label: '包含项目',
          input: (
            <ResourceSelect
              resource={examItemResource}
              mode="multiple"
              labelOf={(i) => `${i.item_name}（${i.item_code}）`}
              aria-label="包含项目"
              placeholder="输入名称或编码搜索基础项目"
            />
          ),
        },
        {
          name: 'mutex_ids',
          label: '互斥项目',
          extra: '不能与之同时开单的组合项目（双向生效）',
          input: (
            <ResourceSelect
              resource={unionResource}
              mode="multiple"
              labelOf={(u) => `${u.union_name}（${u.union_code}）`}
              aria-label="互斥项目"
              placeholder="输入名称或编码搜索组合项目"
            />
          ),
        },
        { name: 'sort', label: '排序', kind: 'number' },
      ]}
      blank={{ gender_limit: '0', no_discount: false, sort: 0, item_ids: [], mutex_ids: [] }}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => void navigate(recordPath('mutex_cfg', row.id))}>
          互斥
        </Button>
      )}
    />
  );
}
