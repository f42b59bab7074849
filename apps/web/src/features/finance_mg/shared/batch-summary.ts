/** What a page says after a batch (交接, 加急): every one done, some, or none, with the first refusal. */
export function batchSummary(
  action: string,
  answer: { total: number; success: number; results: { ok: boolean; message: string; order_id: string }[] },
): { level: 'success' | 'warning' | 'error'; text: string } {
  const refused = answer.results.find((r) => !r.ok);
  const why = refused ? `（${refused.order_id}：${refused.message}）` : '';
  if (answer.success === answer.total) return { level: 'success', text: `共${answer.total}份，全部${action}成功` };
  if (answer.success === 0) return { level: 'error', text: `共${answer.total}份，${action}失败${why}` };
  return {
    level: 'warning',
    text: `共${answer.total}份，成功${answer.success}份，失败${answer.total - answer.success}份${why}`,
  };
}
