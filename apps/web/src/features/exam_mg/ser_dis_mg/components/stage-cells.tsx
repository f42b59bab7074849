import { Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { CRITICAL_LEVEL_LABELS, type CriticalLevel, type CriticalValueRow } from '@checkup/api-contract';

export const time = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm') : '');

const LEVEL_COLORS: Record<CriticalLevel, string> = { '3': 'red', '2': 'orange', '1': 'gold' };

export function LevelTag({ level }: { level: CriticalLevel }) {
  return <Tag color={LEVEL_COLORS[level]}>{CRITICAL_LEVEL_LABELS[level]}</Tag>;
}

/** The value with its arrow: ↑ above the critical high limit, ↓ below the low one; none on a 提报. */
export function ValueCell({ row }: { row: CriticalValueRow }) {
  const arrow = row.direction === 'H' ? '↑' : row.direction === 'L' ? '↓' : '';
  return (
    <Typography.Text strong type="danger">
      {row.result_value}
      {row.unit ? ` ${row.unit}` : ''}{' '}
      {arrow && <span aria-label={row.direction === 'H' ? '偏高' : '偏低'}>{arrow}</span>}
    </Typography.Text>
  );
}

const Faint = ({ children }: { children: string }) => <Typography.Text type="secondary">{children}</Typography.Text>;

/** 提报: who and when, and what the doctor saw on a manual one. */
export function ReportCell({ row }: { row: CriticalValueRow }) {
  return (
    <Space orientation="vertical" size={0}>
      <span>
        {row.raised_by_name ?? ''} {time(row.created_at)}
      </span>
      {row.source === 'manual' && <Faint>{`医生提报：${row.description ?? ''}`}</Faint>}
    </Space>
  );
}

/** 通知: who told whom (relation, how) and when. */
export function NoticeCell({ row }: { row: CriticalValueRow }) {
  if (!row.notified_at) return <Faint>未通知</Faint>;
  return (
    <Space orientation="vertical" size={0}>
      <span>{row.notified_person}</span>
      <Faint>{`${row.notified_by_name ?? ''} ${time(row.notified_at)}`}</Faint>
    </Space>
  );
}

/** 处理: the expert, the opinion and when. */
export function HandleCell({ row }: { row: CriticalValueRow }) {
  if (row.status !== '2') return <Faint>未处理</Faint>;
  return (
    <Space orientation="vertical" size={0}>
      <span>{row.note}</span>
      <Faint>{`${row.handled_by_name ?? ''} ${time(row.handled_at)}`}</Faint>
    </Space>
  );
}
