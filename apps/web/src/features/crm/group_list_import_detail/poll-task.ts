import { groupListProgressRoute, type RouteOutput } from '@checkup/api-contract';
import { api } from '../../../lib/api';

export type TaskProgress = RouteOutput<typeof groupListProgressRoute>;

const POLL_MS = 500;

/**
 * Polls an import or 预登记 running on the server until it finishes, telling each step; answers its
 * final progress, or throws the refusal that stopped it.
 */
export async function pollTask(
  ticket: string,
  onStep: (progress: TaskProgress) => void,
  wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<TaskProgress> {
  let misses = 0;
  for (;;) {
    let progress: TaskProgress;
    try {
      progress = await api.call(groupListProgressRoute, { ticket });
      misses = 0;
    } catch (error) {
      // A poll lost while the server is busy writing is tried again; the task goes on regardless.
      if ((misses += 1) > 20) throw error;
      await wait(POLL_MS);
      continue;
    }
    onStep(progress);
    if (progress.phase === 'failed') throw new Error(progress.error ?? '处理失败');
    if (progress.phase === 'done') return progress;
    if (progress.phase === null) throw new Error('任务不存在或已过期，请刷新后查看结果');
    await wait(POLL_MS);
  }
}

/** The percent a progress bar shows: the upload is the first fifth, the server's work the rest. */
export const percentOf = (uploaded: number, progress: TaskProgress | null) => {
  if (!progress || progress.total === 0) return Math.round(uploaded * 0.2);
  return Math.min(100, 20 + Math.round((progress.done / progress.total) * 80));
};
