import { Button, Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { unionResource, type QuestionOptionForm } from '@checkup/api-contract';
import { ResourceSelect } from '../../../lib/resource/resource-select';

type Option = Omit<QuestionOptionForm, 'next_code'> & { next_code: string | null };

export interface OptionsEditorProps {
  value?: Option[];
  onChange?(value: Option[]): void;
  /** The questionnaire's other questions, which an option may branch to. */
  questions: readonly { code: string; title: string }[];
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A question's options, one line each: 编码, 内容, the question it branches to (only the questionnaire's
 * own questions are offered) and the unions it recommends; the form schema checks the whole list.
 */
export function OptionsEditor({ value = [], onChange, questions }: OptionsEditorProps) {
  const set = (i: number, patch: Partial<Option>) =>
    onChange?.(value.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const add = () =>
    onChange?.([...value, { code: LETTERS[value.length] ?? '', content: '', next_code: null, union_ids: [] }]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {value.map((option, i) => (
        <Space key={i} wrap align="start" aria-label={`选项${i + 1}`} role="group">
          <Input
            aria-label={`选项${i + 1}编码`}
            placeholder="编码"
            style={{ width: 64 }}
            value={option.code}
            onChange={(e) => set(i, { code: e.target.value })}
          />
          <Input
            aria-label={`选项${i + 1}内容`}
            placeholder="内容"
            style={{ width: 160 }}
            value={option.content}
            onChange={(e) => set(i, { content: e.target.value })}
          />
          <Select
            aria-label={`选项${i + 1}下一题`}
            placeholder="下一题（顺序）"
            allowClear
            style={{ width: 150 }}
            value={option.next_code ?? undefined}
            onChange={(v: string | undefined) => set(i, { next_code: v ?? null })}
            options={questions.map((q) => ({ value: q.code, label: `${q.code} ${q.title}` }))}
          />
          <div style={{ width: 220 }}>
            <ResourceSelect
              resource={unionResource}
              mode="multiple"
              labelOf={(u) => u.union_name}
              aria-label={`选项${i + 1}推荐组合项目`}
              placeholder="推荐加项"
              value={option.union_ids}
              onChange={(ids) => set(i, { union_ids: Array.isArray(ids) ? ids : [] })}
            />
          </div>
          <Button
            aria-label={`删除选项${i + 1}`}
            icon={<DeleteOutlined />}
            onClick={() => onChange?.(value.filter((_o, j) => j !== i))}
          />
        </Space>
      ))}
      <Button icon={<PlusOutlined />} onClick={add}>
        添加选项
      </Button>
      <Typography.Text type="secondary">下一题不选时按顺序进入下一题；填空题不需要选项。</Typography.Text>
    </Space>
  );
}
