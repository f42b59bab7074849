import { consumableResource, unionResource } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { ResourceSelect } from '../../../lib/resource/resource-select';

/**
 * 耗材配置 (exam_cfg/consume_cfg, breadth §6.14): consumables, their cost, and the 组合项目 that uses
 * each with how many per exam (what the margin reports add up).
 */
export default function ConsumeCfg() {
  return (
    <ResourceScreen
      resource={consumableResource}
      title="耗材配置"
      filters={[{ name: 'key', kind: 'search', label: '搜索耗材', placeholder: '耗材名称或编码' }]}
      columns={[
        { title: '耗材编码', dataIndex: 'consumable_code', width: 100 },
        { title: '耗材名称', dataIndex: 'consumable_name', width: 200 },
        { title: '规格', dataIndex: 'spec', width: 90 },
        { title: '单位', dataIndex: 'unit', width: 60 },
        { title: '成本价（元）', dataIndex: 'cost_price', width: 130, align: 'right' },
        { title: '使用的组合项目', dataIndex: 'union_name', width: 150 },
        { title: '每次用量', dataIndex: 'quantity', width: 90, align: 'right' },
      ]}
      fields={[
        { name: 'consumable_code', label: '耗材编码' },
        { name: 'consumable_name', label: '耗材名称', placeholder: '例如 真空采血管' },
        { name: 'spec', label: '规格', placeholder: '例如 5ml' },
        { name: 'unit', label: '单位', placeholder: '例如 支' },
        { name: 'cost_price', label: '成本价（元）', extra: '最多两位小数' },
        {
          name: 'union_id',
          label: '组合项目',
          input: (
            <ResourceSelect
              resource={unionResource}
              labelOf={(u) => `${u.union_name}（${u.union_code}）`}
              aria-label="组合项目"
              placeholder="输入名称或编码搜索组合项目"
            />
          ),
        },
        { name: 'quantity', label: '每次用量', kind: 'number' },
        { name: 'remark', label: '备注' },
      ]}
      blank={{ quantity: 1 }}
    />
  );
}
