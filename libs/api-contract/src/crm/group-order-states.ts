/**
 * The group order's approval and change states (breadth §1.1). The server moves them; the web shows
 * the labels. Only an approved order (GROUP_ORDER_OPEN) is imported into, prepared, settled or invoiced.
 */
export const GROUP_ORDER_STATES = ['draft', 'submitted', 'approved', 'rejected', 'withdrawn'] as const;
export type GroupOrderState = (typeof GROUP_ORDER_STATES)[number];

export const GROUP_ORDER_STATE_LABELS: Record<GroupOrderState, string> = {
  draft: '草稿',
  submitted: '已提交',
  approved: '审核通过',
  rejected: '审核不通过',
  withdrawn: '已撤回',
};

export const GROUP_ORDER_CHANGE_STATES = [
  'none',
  'changed',
  'change_submitted',
  'change_approved',
  'change_rejected',
] as const;
export type GroupOrderChangeState = (typeof GROUP_ORDER_CHANGE_STATES)[number];

export const GROUP_ORDER_CHANGE_LABELS: Record<GroupOrderChangeState, string> = {
  none: '未变更',
  changed: '已变更',
  change_submitted: '变更已提交',
  change_approved: '变更审核通过',
  change_rejected: '变更审核未通过',
};

/** The state in which an order takes imports, 预登记, settlement and invoices. */
export const GROUP_ORDER_OPEN: GroupOrderState = 'approved';

/** 婚姻 of a person and a group's condition: '0' 不限/未填, '1' 已婚, '2' 未婚. */
export const MARITAL_LABELS: Record<'0' | '1' | '2', string> = { '0': '不限', '1': '已婚', '2': '未婚' };
