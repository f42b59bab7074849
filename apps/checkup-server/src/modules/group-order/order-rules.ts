import {
  AppError,
  GROUP_ORDER_CHANGE_LABELS,
  GROUP_ORDER_MESSAGES,
  GROUP_ORDER_STATE_LABELS,
  type GroupOrderChangeState,
  type GroupOrderState,
} from '@checkup/api-contract';
import type { GroupOrder } from './order-rows.js';

const stateOf = (order: GroupOrder) => order.approvalState as GroupOrderState;
const changeOf = (order: GroupOrder) => order.changeState as GroupOrderChangeState;
const label = (order: GroupOrder) => GROUP_ORDER_STATE_LABELS[stateOf(order)] ?? order.approvalState;
const changeLabel = (order: GroupOrder) => GROUP_ORDER_CHANGE_LABELS[changeOf(order)] ?? order.changeState;

/** Refuses a move from the order's state, naming the state and what the move needs. */
function refuse(order: GroupOrder, action: string, needs: string): never {
  throw new AppError('VALIDATION', `订单状态为“${label(order)}”，不能${action}（${needs}）`);
}

export function assertOpen(order: GroupOrder) {
  if (order.closed) throw new AppError('VALIDATION', GROUP_ORDER_MESSAGES.closed);
}

/**
 * The order and its groups may be edited while it is a draft, withdrawn or refused, and an approved
 * one only under 变更 (change state 已变更): breadth §2.3.
 */
export function assertEditable(order: GroupOrder) {
  assertOpen(order);
  const state = stateOf(order);
  if (state === 'submitted') refuse(order, '修改', '请先撤回');
  if (state === 'approved' && changeOf(order) !== 'changed') {
    throw new AppError('VALIDATION', `订单状态为“审核通过”（${changeLabel(order)}），不能修改（请先变更）`);
  }
}

/** 提交: from 草稿 or 已撤回, and again after 审核不通过 (the refusal sends it back to the seller). */
export function assertSubmittable(order: GroupOrder) {
  assertOpen(order);
  if (!['draft', 'withdrawn', 'rejected'].includes(stateOf(order)))
    refuse(order, '提交', '只有草稿、已撤回或审核不通过的订单可以提交');
}

export function assertWithdrawable(order: GroupOrder) {
  if (stateOf(order) !== 'submitted') refuse(order, '撤回', '只有已提交的订单可以撤回');
}

export function assertApprovable(order: GroupOrder) {
  if (stateOf(order) !== 'submitted') refuse(order, '审核', '只有已提交的订单可以审核');
}

export function assertUnapprovable(order: GroupOrder) {
  if (stateOf(order) !== 'approved') refuse(order, '反审核', '只有审核通过的订单可以反审核');
  if (changeOf(order) === 'changed' || changeOf(order) === 'change_submitted') {
    throw new AppError('VALIDATION', `订单变更状态为“${changeLabel(order)}”，不能反审核（请先完成变更审批）`);
  }
}

/** 变更: an approved order not already under change. */
export function assertChangeable(order: GroupOrder) {
  assertOpen(order);
  if (stateOf(order) !== 'approved') refuse(order, '变更', '只有审核通过的订单可以变更');
  if (changeOf(order) === 'changed' || changeOf(order) === 'change_submitted') {
    throw new AppError('VALIDATION', `订单变更状态为“${changeLabel(order)}”，不能再次变更`);
  }
}

export function assertChangeSubmittable(order: GroupOrder) {
  if (stateOf(order) !== 'approved' || changeOf(order) !== 'changed') {
    throw new AppError('VALIDATION', `订单变更状态为“${changeLabel(order)}”，不能提交变更（请先变更）`);
  }
}

export function assertChangeApprovable(order: GroupOrder) {
  if (stateOf(order) !== 'approved' || changeOf(order) !== 'change_submitted') {
    throw new AppError(
      'VALIDATION',
      `订单变更状态为“${changeLabel(order)}”，不能审批变更（只有变更已提交的订单可以审批）`,
    );
  }
}

export function assertClosable(order: GroupOrder) {
  assertOpen(order);
  if (stateOf(order) !== 'approved') refuse(order, '结束', '只有审核通过的订单可以结束');
}
