import { Drawer, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { JobRun } from '@checkup/api-contract';
import { useJobRuns } from '../api/job-runs';

const timeOf = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '');

/** Every attempt of one job: when it started and ended, how long it took, and how it went. */
export function JobRunsDrawer({ jobId, title, onClose }: { jobId: number | null; title: string; onClose(): void }) {
  const runs = useJobRuns(jobId);
  return (
    <Drawer open={jobId !== null} title={`执行记录：${title}`} size={720} onClose={onClose} destroyOnHidden>
      {runs.isError && (
        <Typography.Paragraph type="danger" role="alert">
          {runs.error.message}
        </Typography.Paragraph>
      )}
      <Table<JobRun>
        size="small"
        rowKey="id"
        loading={runs.isFetching}
        dataSource={runs.data ?? []}
        pagination={false}
        columns={[
          { title: '次数', dataIndex: 'attempt', width: 60 },
          { title: '开始', dataIndex: 'started_at', width: 160, render: timeOf },
          { title: '结束', dataIndex: 'finished_at', width: 160, render: timeOf },
          {
            title: '耗时(毫秒)',
            dataIndex: 'duration_ms',
            width: 100,
            render: (v: number | null) => v ?? '',
          },
          {
            title: '结果',
            dataIndex: 'outcome',
            width: 80,
            render: (v: string | null) =>
              v === 'succeeded' ? (
                <Tag color="success">成功</Tag>
              ) : v === 'failed' ? (
                <Tag color="error">失败</Tag>
              ) : (
                <Tag color="processing">执行中</Tag>
              ),
          },
          { title: '错误', dataIndex: 'error', render: (v: string | null) => v ?? '' },
        ]}
      />
    </Drawer>
  );
}
