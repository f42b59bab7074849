import { useState } from 'react';
import { Button, Tag } from 'antd';
import {
  HIS_CHANGE_ACTION_LABELS,
  HIS_CHANGE_ACTIONS,
  HIS_CHANGE_STATE_LABELS,
  HIS_CHANGE_STATES,
  HIS_CHANGE_TYPE_LABELS,
  HIS_CHANGE_TYPES,
  hisChangeResource,
} from '@checkup/api-contract';
import { ResourceScreen } from '../../../../lib/resource/resource-screen';
import { useHisStatus } from '../../shared/his/get-his-status';
import { HisNotice } from '../../shared/his/his-notice';
import type { HisChangeAction } from './api/handle-his-change';
import { HandleDialog, type HisChange } from './handle-dialog';

const STATE_COLORS = { pending: 'orange', resend: 'blue', handled: 'green', ignored: 'default' } as const;

/**
 * HIS变更处理 (exam_cfg/his_sync/his_change_handling): registration changes (加项/退项/重新登记) waiting
 * to reach the HIS; each is 处理 (done by hand in the HIS), 重发 (queued for the interface) or 忽略.
 */
export default function HisChangeHandling() {
  const [acting, setActing] = useState<{ change: HisChange; action: HisChangeAction } | null>(null);
  const configured = useHisStatus().data?.configured ?? false;
  const open = (row: HisChange) => row.state === 'pending' || row.state === 'resend';
  return (
    <>
      <HisNotice />
      <ResourceScreen
        resource={hisChangeResource}
        title="HIS变更处理"
        filters={[
          { name: 'key', kind: 'search', label: '搜索变更', placeholder: '体检号、姓名或变更内容' },
          {
            name: 'change_type',
            kind: 'select',
            label: '变更类型',
            options: HIS_CHANGE_TYPES.map((value) => ({ value, label: HIS_CHANGE_TYPE_LABELS[value] })),
          },
          {
            name: 'state',
            kind: 'select',
            label: '处理状态',
            options: HIS_CHANGE_STATES.map((value) => ({ value, label: HIS_CHANGE_STATE_LABELS[value] })),
          },
        ]}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 170 },
          { title: '体检号', dataIndex: 'exam_no', width: 130 },
          { title: '姓名', dataIndex: 'customer_name', width: 90 },
          {
            title: '变更类型',
            dataIndex: 'change_type',
            width: 90,
            render: (t: HisChange['change_type']) => HIS_CHANGE_TYPE_LABELS[t],
          },
          { title: '变更内容', dataIndex: 'content', width: 240, ellipsis: true },
          {
            title: '处理状态',
            dataIndex: 'state',
            width: 90,
            render: (s: HisChange['state']) => <Tag color={STATE_COLORS[s]}>{HIS_CHANGE_STATE_LABELS[s]}</Tag>,
          },
          { title: '处理人', dataIndex: 'updated_by_name', width: 90 },
          { title: '备注', dataIndex: 'note', width: 160, ellipsis: true },
        ]}
        fields={[]}
        rowActions={(row) =>
          open(row)
            ? HIS_CHANGE_ACTIONS.map((action) => (
                <Button
                  key={action}
                  type="link"
                  size="small"
                  // 重发 needs an interface to send through.
                  disabled={action === 'resend' && !configured}
                  onClick={() => setActing({ change: row, action })}
                >
                  {HIS_CHANGE_ACTION_LABELS[action]}
                </Button>
              ))
            : null
        }
      />
      <HandleDialog
        change={acting?.change ?? null}
        action={acting?.action ?? 'handle'}
        onClose={() => setActing(null)}
      />
    </>
  );
}
