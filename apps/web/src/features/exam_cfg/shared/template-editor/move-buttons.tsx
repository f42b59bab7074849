import { Button, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import styles from './template-editor.module.css';

/** Up and down buttons named for what they move. */
export function MoveButtons({ name, onMove }: { name: string; onMove(step: -1 | 1): void }) {
  return (
    <Space size={0}>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label={`上移${name}`}
        onClick={() => onMove(-1)}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label={`下移${name}`}
        onClick={() => onMove(1)}
      />
    </Space>
  );
}

/** One line of the editor: what it sets, then its control. */
export function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <span style={{ width: 84, flex: '0 0 auto' }}>{label}</span>
      <div className={styles.grow}>{children}</div>
    </div>
  );
}
