import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Tag } from 'antd';
import type { SummaryLine } from '@checkup/api-contract';

const SOURCE_LABELS: Record<string, string> = { '0': '结果', '2': '诊断', '4': '手写' };

interface Props {
  lines: SummaryLine[];
  readOnly: boolean;
  onChange: (lines: SummaryLine[]) => void;
}

/** The department summary (spec §3): edited lines are marked doctor_edited, so a re-generation keeps them. */
export function SummaryList({ lines, readOnly, onChange }: Props) {
  const move = (from: number, to: number) => {
    if (to < 0 || to >= lines.length) return;
    const next = [...lines];
    const [line] = next.splice(from, 1);
    next.splice(to, 0, line!);
    onChange(next);
  };
  const edit = (index: number, text: string) =>
    onChange(lines.map((l, i) => (i === index ? { ...l, summary_content: text, doctor_edited: '1' } : l)));

  return (
    <div>
      {lines.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无小结" />}
      {lines.map((line, index) => (
        // Apart, not compact: joined buttons overlap by a pixel and fall under 24px (WCAG 2.5.8).
        <div key={index} style={{ display: 'flex', gap: 4, marginBottom: 4 }}>
          <Tag style={{ lineHeight: '22px', marginInlineEnd: 0 }}>{SOURCE_LABELS[line.source] ?? line.source}</Tag>
          <Input
            size="small"
            style={{ flex: 1 }}
            aria-label={`小结${index + 1}`}
            value={line.summary_content}
            readOnly={readOnly}
            onChange={(e) => edit(index, e.target.value)}
          />
          {!readOnly && (
            <>
              <Button
                size="small"
                aria-label="上移"
                icon={<ArrowUpOutlined />}
                onClick={() => move(index, index - 1)}
              />
              <Button
                size="small"
                aria-label="下移"
                icon={<ArrowDownOutlined />}
                onClick={() => move(index, index + 1)}
              />
              <Button
                size="small"
                danger
                aria-label="删除小结"
                icon={<DeleteOutlined />}
                onClick={() => onChange(lines.filter((_, i) => i !== index))}
              />
            </>
          )}
        </div>
      ))}
      {!readOnly && (
        <Button
          size="small"
          type="dashed"
          onClick={() => onChange([...lines, { summary_content: '', source: '4', doctor_edited: '1', union_id: null }])}
        >
          添加小结
        </Button>
      )}
    </div>
  );
}
