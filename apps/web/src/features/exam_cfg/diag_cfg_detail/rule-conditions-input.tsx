import { Button, Input, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  MAX_RULE_CONDITIONS,
  RULE_OPERATOR_LABELS,
  RULE_OPERATORS,
  examItemResource,
  type RuleCondition,
} from '@checkup/api-contract';
import { ResourceSelect } from '../../../lib/resource/resource-select';

type Draft = Partial<RuleCondition>;

export interface RuleConditionsInputProps {
  value?: Draft[];
  onChange?(value: Draft[]): void;
}

const operatorOptions = RULE_OPERATORS.map((op) => ({ value: op, label: RULE_OPERATOR_LABELS[op] }));

/**
 * The conditions of a suggestion rule, one line each: an item, an operator and a value (at most 15).
 * What is wrong is said by the form schema under the field, naming the condition's number.
 */
export function RuleConditionsInput({ value = [], onChange }: RuleConditionsInputProps) {
  const change = (index: number, patch: Draft) =>
    onChange?.(value.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.map((condition, index) => (
        <Space key={index} wrap aria-label={`第${index + 1}条条件`} role="group">
          <div style={{ width: 240 }}>
            <ResourceSelect
              resource={examItemResource}
              labelOf={(i) => `${i.item_name}（${i.item_code}）`}
              aria-label={`第${index + 1}条条件的项目`}
              placeholder="搜索项目"
              value={condition.item_id ?? null}
              onChange={(id) => change(index, { item_id: (id as number | null) ?? undefined })}
            />
          </div>
          <Select
            aria-label={`第${index + 1}条条件的比较方式`}
            style={{ width: 96 }}
            placeholder="比较"
            options={operatorOptions}
            value={condition.op}
            onChange={(op) => change(index, { op })}
          />
          <Input
            aria-label={`第${index + 1}条条件的比较值`}
            style={{ width: 140 }}
            placeholder="值"
            value={condition.value ?? ''}
            onChange={(e) => change(index, { value: e.target.value })}
          />
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={`删除第${index + 1}条条件`}
            onClick={() => onChange?.(value.filter((_, i) => i !== index))}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={value.length >= MAX_RULE_CONDITIONS}
        onClick={() => onChange?.([...value, { op: 'gt', value: '' }])}
      >
        添加条件（最多{MAX_RULE_CONDITIONS}条）
      </Button>
    </Space>
  );
}
