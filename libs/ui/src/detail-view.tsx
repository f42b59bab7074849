import type { ReactNode } from 'react';
import { Descriptions, Typography } from 'antd';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** A long text shown whole under its title (a stack, a stored JSON), copyable when `copy` is given. */
export interface DetailBlock {
  title: string;
  text: string;
  copy?: string;
}

const preStyle = { maxHeight: 360, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

/** One record read whole: its fields as label and value, then its long texts. */
export function DetailView({ items, blocks = [] }: { items: readonly DetailItem[]; blocks?: readonly DetailBlock[] }) {
  return (
    <>
      <Descriptions size="small" column={1} bordered styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}>
        {items.map((item) => (
          <Descriptions.Item key={item.label} label={item.label}>
            {item.value}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {blocks.map((block) => (
        <section key={block.title}>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {block.title}{' '}
            {block.copy !== undefined && (
              <Typography.Text copyable={{ text: block.copy, tooltips: ['复制', '已复制'] }} />
            )}
          </Typography.Title>
          <pre style={preStyle} aria-label={block.title}>
            {block.text}
          </pre>
        </section>
      ))}
    </>
  );
}
