import { useState } from 'react';
import { App, Button, Popconfirm, Tag } from 'antd';
import dayjs from 'dayjs';
import {
  JOB_KIND_LABELS,
  JOB_STATE_LABELS,
  jobResource,
  mayCall,
  rerunJobRoute,
  type JobRow,
  type JobState,
} from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';
import { ResourceList } from '../../../lib/resource/resource-list';
import { useUserInfo } from '../../session/api/get-user-info';
import { useJobActions } from './api/job-actions';
import { JobRunsDrawer } from './components/job-runs-drawer';

const timeOf = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
const kindOf = (kind: string) => JOB_KIND_LABELS[kind] ?? kind;
const STATE_COLOURS: Record<JobState, string> = {
  pending: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
};

const columns: GenericColumn<JobRow>[] = [
  { title: '任务类型', dataIndex: 'kind', width: 130, render: kindOf },
  {
    title: '状态',
    dataIndex: 'state',
    width: 90,
    render: (v: JobState) => <Tag color={STATE_COLOURS[v]}>{JOB_STATE_LABELS[v]}</Tag>,
  },
  { title: '计划执行时间', dataIndex: 'run_at', width: 165, render: timeOf },
  { title: '尝试次数', key: 'attempts', width: 90, render: (_: unknown, r) => `${r.attempts}/${r.max_attempts}` },
  { title: '最后错误', dataIndex: 'last_error', width: 240, render: (v: string | null) => v ?? '' },
  { title: '创建人', dataIndex: 'created_by_name', width: 100, render: (v: string | null) => v ?? '系统' },
  { title: '更新时间', dataIndex: 'updated_at', width: 165, render: timeOf },
];

/**
 * 任务日志 (management_data/job_logging): the background jobs (scheduled SMS, the cleanups), each
 * attempt of one, 重新执行 of a failed or cancelled job where the role grants it, 取消 of a waiting one.
 */
export default function JobLogging() {
  const { message } = App.useApp();
  const roleMenu = useUserInfo().data?.role_menu ?? [];
  const mayRerun = mayCall(rerunJobRoute, roleMenu);
  const { rerun, cancel } = useJobActions();
  const [runsOf, setRunsOf] = useState<JobRow | null>(null);
  const done = (text: string) => ({
    onSuccess: () => void message.success(text),
    onError: (error: Error) => void message.error(error.message),
  });

  return (
    <>
      <ResourceList
        resource={jobResource}
        title="任务日志"
        columns={columns}
        filters={[
          {
            name: 'kind',
            kind: 'select',
            label: '任务类型',
            options: Object.entries(JOB_KIND_LABELS).map(([value, label]) => ({ value, label })),
          },
          {
            name: 'state',
            kind: 'select',
            label: '状态',
            options: Object.entries(JOB_STATE_LABELS).map(([value, label]) => ({ value, label })),
          },
          { kind: 'days', label: '计划日期' },
        ]}
        rowActions={(r) => (
          <>
            <Button type="link" size="small" onClick={() => setRunsOf(r)}>
              执行记录
            </Button>
            {mayRerun && (r.state === 'failed' || r.state === 'cancelled') && (
              <Popconfirm
                title="确定重新执行该任务？"
                okText="重新执行"
                cancelText="取消"
                onConfirm={() => rerun.mutate(r.id, done('任务已重新排队'))}
              >
                <Button type="link" size="small">
                  重新执行
                </Button>
              </Popconfirm>
            )}
            {r.state === 'pending' && (
              <Popconfirm
                title="确定取消该任务？"
                okText="确定"
                cancelText="不取消"
                onConfirm={() => cancel.mutate(r.id, done('任务已取消'))}
              >
                <Button type="link" size="small" danger>
                  取消
                </Button>
              </Popconfirm>
            )}
          </>
        )}
      />
      <JobRunsDrawer
        jobId={runsOf?.id ?? null}
        title={runsOf ? kindOf(runsOf.kind) : ''}
        onClose={() => setRunsOf(null)}
      />
    </>
  );
}
