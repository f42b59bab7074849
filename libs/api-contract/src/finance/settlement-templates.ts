import type { PayMethod } from './money-lines.js';

/**
 * The channels a settlement file comes from (breadth §3.8) and the PEIS 付款方式 each one settles:
 * a channel's file is matched against the money lines of its method only (breadth §11.4).
 */
export const RECON_CHANNELS = ['wechat', 'alipay', 'pos', 'bank'] as const;
export type ReconChannel = (typeof RECON_CHANNELS)[number];

export const RECON_CHANNEL_NAMES: Record<ReconChannel, string> = {
  wechat: '微信',
  alipay: '支付宝',
  pos: 'POS',
  bank: '银行',
};

export const RECON_CHANNEL_METHOD: Record<ReconChannel, PayMethod> = {
  wechat: 'wechat',
  alipay: 'alipay',
  pos: 'card',
  bank: 'transfer',
};

/** One column of a channel's template: its header and what it holds (the template's 说明 sheet). */
export interface TemplateColumn {
  title: string;
  note: string;
}

/** The columns the match reads: 流水号, 金额, 时间, and a refunds column taken off the amount. */
export const MAPPING_FIELDS = ['trade', 'amount', 'time', 'refund'] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];
export const MAPPING_FIELD_NAMES: Record<MappingField, string> = {
  trade: '流水号',
  amount: '金额',
  time: '时间',
  refund: '退款金额',
};

export interface SettlementTemplate {
  columns: readonly TemplateColumn[];
  /** The template's own columns for each mapped field: the mapping step starts from these. */
  mapping: { trade: string; amount: string; time: string; refund?: string };
}

/**
 * One template per channel, shaped after the bills the channels give merchants (微信支付 and 支付宝
 * 交易账单, a POS terminal's 交易明细, a bank's 账户明细). Other layouts are read by mapping columns.
 */
export const SETTLEMENT_TEMPLATES: Record<ReconChannel, SettlementTemplate> = {
  wechat: {
    columns: [
      { title: '交易时间', note: '支付成功的时间，如 2026-11-28 09:30:00' },
      { title: '商户订单号', note: '体检系统收款时记录的交易号（对账按此匹配）' },
      { title: '微信支付订单号', note: '微信支付生成的订单号，仅供查阅' },
      { title: '交易状态', note: 'SUCCESS 支付成功，REFUND 转入退款' },
      { title: '订单金额', note: '收款金额（元，两位小数）' },
      { title: '退款金额', note: '已退款金额（元），没有退款填0或留空；对账金额 = 订单金额 − 退款金额' },
      { title: '手续费', note: '微信收取的手续费（元），仅供查阅' },
      { title: '备注', note: '可留空' },
    ],
    mapping: { trade: '商户订单号', amount: '订单金额', time: '交易时间', refund: '退款金额' },
  },
  alipay: {
    columns: [
      { title: '交易创建时间', note: '交易时间，如 2026-11-28 09:30:00' },
      { title: '商户订单号', note: '体检系统收款时记录的交易号（对账按此匹配）' },
      { title: '支付宝交易号', note: '支付宝生成的交易号，仅供查阅' },
      { title: '交易状态', note: '交易成功、交易关闭等' },
      { title: '订单金额（元）', note: '收款金额（元，两位小数）' },
      { title: '退款金额（元）', note: '已退款金额（元），没有退款填0或留空；对账金额 = 订单金额 − 退款金额' },
      { title: '服务费（元）', note: '支付宝收取的服务费，仅供查阅' },
      { title: '备注', note: '可留空' },
    ],
    mapping: { trade: '商户订单号', amount: '订单金额（元）', time: '交易创建时间', refund: '退款金额（元）' },
  },
  pos: {
    columns: [
      { title: '交易日期', note: '刷卡日期时间，如 2026-11-28 09:30:00' },
      { title: '终端号', note: 'POS 终端编号，仅供查阅' },
      { title: '参考号/流水号', note: '刷卡凭条上的参考号，收费时记录为交易号（对账按此匹配）' },
      { title: '卡号', note: '银行卡号，只保留前6后4位，如 622202******1234' },
      { title: '交易类型', note: '消费、撤销、退货' },
      { title: '交易金额', note: '金额（元），撤销、退货填负数' },
    ],
    mapping: { trade: '参考号/流水号', amount: '交易金额', time: '交易日期' },
  },
  bank: {
    columns: [
      { title: '交易日期', note: '入账日期时间，如 2026-11-28 09:30:00' },
      { title: '流水号', note: '银行交易流水号，收费时记录为交易号（对账按此匹配）' },
      { title: '对方户名', note: '汇款单位或个人' },
      { title: '对方账号', note: '汇款账号，仅供查阅' },
      { title: '收入金额', note: '入账金额（元，两位小数）' },
      { title: '摘要', note: '银行摘要或附言' },
    ],
    mapping: { trade: '流水号', amount: '收入金额', time: '交易日期' },
  },
};

/** A template's file name, as offered for download. */
export const templateFileName = (channel: ReconChannel) => `${RECON_CHANNEL_NAMES[channel]}对账单模板.xlsx`;
