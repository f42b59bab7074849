import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  queueFinishRoute,
  queuePassRoute,
  queuePriorityRoute,
  queueRecallRoute,
  queueRemoveRoute,
} from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/**
 * The moves on one queue entry, which share one input (entry_id) and one answer (the entry):
 * 重呼 POST /manager/api/queue/recall, 过号 /pass, 完成 /finish, 移出排队 /remove, 优先 /priority.
 */
export const QUEUE_MOVE_ROUTES = {
  recall: queueRecallRoute,
  pass: queuePassRoute,
  finish: queueFinishRoute,
  remove: queueRemoveRoute,
  priority: queuePriorityRoute,
} as const;

export type QueueMove = keyof typeof QUEUE_MOVE_ROUTES;

export const moveQueueEntry = (move: QueueMove, entryId: number) =>
  api.call(QUEUE_MOVE_ROUTES[move], { entry_id: entryId });

export const useMoveQueueEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ move, entryId }: { move: QueueMove; entryId: number }) => moveQueueEntry(move, entryId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['queue'] }),
  });
};
