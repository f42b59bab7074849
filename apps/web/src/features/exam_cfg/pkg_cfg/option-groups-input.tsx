import { Button, Input, Space } from 'antd';
import { unionResource, type PackageOptionGroupForm } from '@checkup/api-contract';
import { ResourceSelect } from '../../../lib/resource/resource-select';

/**
 * 可选组 of a package (issue 19): each a name and two or more alternative unions, of which the
 * examinee takes exactly one at registration. The contract checks the groups when the form is saved.
 */
export function OptionGroupsInput({
  value = [],
  onChange,
}: {
  value?: PackageOptionGroupForm[];
  onChange?: (next: PackageOptionGroupForm[]) => void;
}) {
  const change = (index: number, patch: Partial<PackageOptionGroupForm>) =>
    onChange?.(value.map((g, i) => (i === index ? { ...g, ...patch } : g)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.map((group, index) => (
        <Space key={index} align="start" wrap>
          <Input
            aria-label={`可选组${index + 1}名称`}
            placeholder="可选组名称，如 胸部影像"
            maxLength={64}
            style={{ width: 160 }}
            value={group.group_name}
            onChange={(e) => change(index, { group_name: e.target.value })}
          />
          <div style={{ width: 360 }}>
            <ResourceSelect
              resource={unionResource}
              mode="multiple"
              labelOf={(u) => `${u.union_name}（${u.price}元）`}
              aria-label={`可选组${index + 1}项目`}
              placeholder="任选其一的组合项目（至少两项）"
              value={group.union_ids}
              onChange={(ids) => change(index, { union_ids: Array.isArray(ids) ? ids : [] })}
            />
          </div>
          <Button type="link" danger onClick={() => onChange?.(value.filter((_, i) => i !== index))}>
            删除
          </Button>
        </Space>
      ))}
      <Button size="small" onClick={() => onChange?.([...value, { group_name: '', union_ids: [] }])}>
        添加可选组
      </Button>
    </Space>
  );
}
