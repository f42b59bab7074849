import { GENDER_LIMIT_LABELS, GENDER_LIMITS, packageResource, unionResource } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { ResourceSelect } from '../../../lib/resource/resource-select';
import { OptionGroupsInput } from './option-groups-input';

const genderOptions = GENDER_LIMITS.map((value) => ({ value, label: GENDER_LIMIT_LABELS[value] }));
const ages = (min: number | null, max: number | null) =>
  min === null && max === null ? '不限' : `${min ?? 0}-${max ?? '…'}岁`;

/** 套餐配置 (exam_cfg/pkg_cfg): unions sold together at a price, for a sex and an age range. */
export default function PkgCfg() {
  return (
    <ResourceScreen
      resource={packageResource}
      title="套餐配置"
      filters={[
        { name: 'key', kind: 'search', label: '搜索套餐', placeholder: '套餐名称或编码' },
        { name: 'gender_limit', kind: 'select', label: '适用性别', options: genderOptions },
      ]}
      columns={[
        { title: '套餐编码', dataIndex: 'package_code', width: 110 },
        { title: '套餐名称', dataIndex: 'package_name', width: 180 },
        { title: '性别', dataIndex: 'gender_limit', width: 70, render: (g: '0' | '1' | '2') => GENDER_LIMIT_LABELS[g] },
        { title: '年龄', key: 'ages', width: 90, render: (_v, r) => ages(r.age_min, r.age_max) },
        { title: '套餐价', dataIndex: 'price', width: 90, align: 'right' },
        { title: '项目原价合计', dataIndex: 'union_total', width: 120, align: 'right' },
        { title: '组合项目数', dataIndex: 'union_ids', width: 100, render: (ids: number[]) => ids.length },
        {
          title: '可选组',
          dataIndex: 'option_groups',
          width: 140,
          render: (groups: { group_name: string }[]) => groups.map((g) => g.group_name).join('、'),
        },
      ]}
      fields={[
        { name: 'package_code', label: '套餐编码' },
        { name: 'package_name', label: '套餐名称' },
        { name: 'gender_limit', label: '适用性别', kind: 'select', options: genderOptions },
        { name: 'price', label: '套餐价格（元）', extra: '可低于所含项目的原价合计（即套餐优惠）' },
        { name: 'age_min', label: '最小年龄', kind: 'number' },
        { name: 'age_max', label: '最大年龄', kind: 'number' },
        {
          name: 'union_ids',
          label: '组合项目',
          input: (
            <ResourceSelect
              resource={unionResource}
              mode="multiple"
              labelOf={(u) => `${u.union_name}（${u.price}元）`}
              aria-label="组合项目"
              placeholder="输入名称或编码搜索组合项目"
            />
          ),
        },
        {
          name: 'option_groups',
          label: '可选组',
          extra: '体检者在每个可选组中选且只选一项，所选项目按原价比例分摊套餐价',
          input: <OptionGroupsInput />,
        },
        { name: 'description', label: '说明' },
        { name: 'sort', label: '排序', kind: 'number' },
      ]}
      blank={{ gender_limit: '0', sort: 0, union_ids: [], option_groups: [] }}
    />
  );
}
