/**
 * Issue 19: what happened to one ordered union (order_unions.status) — written once so the desk,
 * the departments, 导检单回收 and the report agree on which lines still need work. breadth.md §1.3:
 * each flag has its operator and time (order_unions.exec_by / exec_at).
 */
export const UNION_EXEC = {
  todo: '0',
  done: '1',
  /** 弃检: the examinee gives the item up (reason, signature or 直接弃检). */
  waived: '2',
  /** 迟检: deferred to a later day (exec_date). */
  deferred: '3',
  /** 拒检: the examinee refuses the item. */
  refused: '4',
  /** 补检: a deferred or waived item brought back to be done (on exec_date). */
  makeup: '5',
} as const;

export type UnionExecState = (typeof UNION_EXEC)[keyof typeof UNION_EXEC];

export const UNION_EXEC_LABELS: Record<UnionExecState, string> = {
  '0': '未检',
  '1': '已检',
  '2': '弃检',
  '3': '迟检',
  '4': '拒检',
  '5': '补检',
};

/** Lines whose items a department must fill before it may sign (the others are not done today). */
export const MUST_BE_RECORDED: ReadonlySet<string> = new Set([UNION_EXEC.todo, UNION_EXEC.done, UNION_EXEC.makeup]);

/** Lines that let the examinee leave at 导检单回收: done, or handled without being done. */
export const HANDLED_AT_EXIT: ReadonlySet<string> = new Set([
  UNION_EXEC.done,
  UNION_EXEC.waived,
  UNION_EXEC.deferred,
  UNION_EXEC.refused,
]);

/** Lines the report lists as not examined (弃检/拒检/迟检) instead of leaving them blank. */
export const NOT_EXAMINED: ReadonlySet<string> = new Set([UNION_EXEC.waived, UNION_EXEC.deferred, UNION_EXEC.refused]);

export const unionExecLabel = (state: string) => UNION_EXEC_LABELS[state as UnionExecState] ?? state;
