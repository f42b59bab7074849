import { ORDER_ACTIONS, ORDER_STATUS_LABELS, type OrderAction, type OrderStatus } from '@checkup/api-contract';

// The particulars the checkup server writes, in the centre's words.
const KEY_LABELS: Record<string, string> = {
  customer_id: '客户',
  purpose: '用途',
  reason: '原因',
  result: '结果',
  critical_value_id: '危急值',
  relation: '通知对象',
  method: '通知方式',
  level: '危急程度',
  rows: '行数',
  status: '状态',
  date_from: '开始日期',
  from: '原',
  to: '新',
  undecryptable: '密码无法解密',
  kind: '任务类型',
  removed: '清除条数',
};

const statusLabel = (value: unknown) =>
  typeof value === 'string' ? (ORDER_STATUS_LABELS[value as OrderStatus] ?? value) : String(value);

const valueText = (value: unknown) =>
  value === true ? '是' : value === false ? '否' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * One line for an audit row's particulars (JSON text): a status change as 「开始检查：已报到 → 检查中」,
 * anything else as 「用途：体检详情；客户：7」. Blank values are left out; text that is not an object
 * is shown as it is.
 */
export function detailText(action: string, detail: string | null): string {
  if (detail === null) return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return detail;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return detail;
  const record = parsed as Record<string, unknown>;
  if (action === 'order_status' && 'to' in record) {
    const step = ORDER_ACTIONS[record.action as OrderAction]?.label ?? String(record.action ?? '');
    const change = `${statusLabel(record.from)} → ${statusLabel(record.to)}`;
    const reason = record.reason ? `；原因：${String(record.reason)}` : '';
    return `${step ? `${step}：` : ''}${change}${reason}`;
  }
  return Object.entries(record)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${KEY_LABELS[key] ?? key}：${valueText(value)}`)
    .join('；');
}
