import { useState } from 'react';
import { Button, Space, Table, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { EXEC_MOVES, execActionsFrom, type ExecAction, type ExecLine } from '@checkup/api-contract';
import { ExecActionDialog, type ExecTarget } from './exec-action-dialog';
import { ExecStateTag } from './exec-state-tag';
import { SignatureViewButton } from './signature-view';

export const execTime = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm') : '');

/** Who set the state, when, why, and the day it moved to. */
export function execNote(line: ExecLine) {
  const parts = [
    line.exec_date && `${line.state === '3' ? '迟检至' : '补检日'} ${line.exec_date}`,
    line.exec_reason,
    line.exec_by_name && `${line.exec_by_name} ${execTime(line.exec_at)}`,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** The action buttons a line offers; none once something was recorded for it. */
export function ExecActionButtons({
  line,
  disabledReason,
  onAction,
}: {
  line: ExecLine;
  /** Why no action is possible (a banned or finished visit); the buttons are then not offered. */
  disabledReason?: string | null;
  onAction: (action: ExecAction) => void;
}) {
  if (disabledReason) return null;
  if (line.recorded) {
    return (
      <Tooltip title="已录入结果或科室已签名">
        <span style={{ color: '#999' }}>已检查</span>
      </Tooltip>
    );
  }
  return (
    <Space size={0} wrap>
      {execActionsFrom(line.state).map((action) => (
        <Button key={action} size="small" type="link" danger={action === 'refuse'} onClick={() => onAction(action)}>
          {EXEC_MOVES[action].label}
        </Button>
      ))}
    </Space>
  );
}

/**
 * Every line of a visit with its execution state and the actions (登记详情); with `highlightOpen` the
 * lines still to be done stand out (导检单回收).
 */
export function ExecLinesTable({
  orderId,
  custName,
  lines,
  disabledReason,
  highlightOpen = false,
  readOnly = false,
}: {
  orderId: string;
  custName?: string;
  lines: ExecLine[];
  disabledReason?: string | null;
  highlightOpen?: boolean;
  readOnly?: boolean;
}) {
  const [target, setTarget] = useState<ExecTarget | null>(null);
  return (
    <>
      <Table<ExecLine>
        size="small"
        rowKey="union_id"
        pagination={false}
        dataSource={lines}
        rowClassName={(line) => (highlightOpen && line.open ? 'exec-line-open' : '')}
        onRow={(line) => (highlightOpen && line.open ? { style: { background: '#fff1f0' } } : {})}
        columns={[
          { title: '科室', dataIndex: 'dept_name', width: 110 },
          { title: '组合项目', dataIndex: 'union_name' },
          { title: '状态', dataIndex: 'state', width: 70, render: (state: string) => <ExecStateTag state={state} /> },
          { title: '说明', key: 'note', render: (_: unknown, line) => execNote(line) },
          {
            title: '签名',
            dataIndex: 'signature_file_id',
            width: 90,
            render: (id: number | null) => (id ? <SignatureViewButton fileId={id} /> : ''),
          },
          ...(readOnly
            ? []
            : [
                {
                  title: '操作',
                  key: 'action',
                  width: 200,
                  render: (_: unknown, line: ExecLine) => (
                    <ExecActionButtons
                      line={line}
                      disabledReason={disabledReason}
                      onAction={(action) => setTarget({ orderId, custName, line, action })}
                    />
                  ),
                },
              ]),
        ]}
      />
      <ExecActionDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
