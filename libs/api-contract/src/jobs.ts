/**
 * Background jobs (issue 20): a job waits (pending) until its time, runs, and ends succeeded or,
 * after its last attempt, failed; a waiting job may be cancelled. 数据管理's job screen shows these.
 */
export const JOB_STATES = ['pending', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobState, string> = {
  pending: '待执行',
  running: '执行中',
  succeeded: '成功',
  failed: '失败',
  cancelled: '已取消',
};

/** The kinds of job the server runs, in words for 任务日志. */
export const JOB_KIND_LABELS: Readonly<Record<string, string>> = {
  report_notice_sms: '定时短信通知',
  log_cleanup: '日志清理',
  session_cleanup: '过期会话清理',
  bi_refresh: '统计数据刷新',
};
