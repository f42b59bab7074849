import { AppError } from '@checkup/api-contract';
import type { Tx } from '../../lib/resource/serve-resource.js';
import { NOTICE_SMS_JOB, reopenSmsNotice } from '../report-logistics/notice-service.js';
import { requeueJob } from './job-log.js';
import { CRM_SMS_JOB, reopenSms } from '../crm-sms/sms-service.js';

/**
 * What a job kind must set right before it runs again by hand (a notice given up is waiting again),
 * false when it may not run again now; a kind not named here is simply queued once more.
 */
type Reopen = (tx: Tx, payload: Record<string, unknown>, jobId: number) => Promise<boolean>;
const REOPEN: Readonly<Record<string, Reopen>> = {
  [NOTICE_SMS_JOB]: (tx, payload, jobId) => reopenSmsNotice(tx, Number(payload.notice_id), jobId),
  [CRM_SMS_JOB]: (tx, payload, jobId) => reopenSms(tx, Number(payload.sms_id), jobId),
};

/**
 * 重新执行 of a failed or cancelled job, from 任务日志 or 接口错误日志's 重试: queued again, due now, with
 * all its attempts, and what it works on reopened, so that it does the work rather than find none.
 */
export async function rerunJob(tx: Tx, id: number): Promise<{ kind: string }> {
  const job = await requeueJob(tx, id);
  const reopen = REOPEN[job.kind];
  if (reopen && !(await reopen(tx, (job.payload ?? {}) as Record<string, unknown>, id)))
    throw new AppError('ILLEGAL_TRANSITION', '该通知已发送或已取消，无需重试');
  return job;
}
