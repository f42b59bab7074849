import { Tag } from 'antd';
import { unionExecLabel } from '@checkup/api-contract';

const COLORS: Record<string, string> = {
  '0': 'default',
  '1': 'success',
  '2': 'warning',
  '3': 'processing',
  '4': 'error',
  '5': 'purple',
};

/** A line's execution state (未检/已检/弃检/迟检/拒检/补检) as a coloured tag. */
export function ExecStateTag({ state }: { state: string }) {
  return <Tag color={COLORS[state] ?? 'default'}>{unionExecLabel(state)}</Tag>;
}
