import { DICTIONARIES, PAY_METHOD_TYPE, type PAY_FLAGS } from '@checkup/api-contract';

type Flag = (typeof PAY_FLAGS)[number];
export interface DemoDictEntry {
  value: string;
  label: string;
  flags?: Flag[];
  style?: 'primary' | 'success' | 'warning' | 'danger';
}
export interface DemoDictType {
  code: string;
  name: string;
  remark?: string;
  entries: readonly DemoDictEntry[];
}

const fromCodes = (list: readonly { code: string; name: string }[]) =>
  list.map((e) => ({ value: e.code, label: e.name }));

/** Flags of the payment methods (md_dictpayway): the codes are the ones payments store. */
const PAY_FLAGS_OF: Record<string, Flag[]> = {
  cash: ['cash', 'personal', 'group', 'refund_cash', 'mistake_refund'],
  wechat: ['personal', 'mistake_refund'],
  alipay: ['personal', 'mistake_refund'],
  card: ['personal', 'group', 'mistake_refund'],
  transfer: ['personal', 'group'],
  exam_card: ['personal', 'group'],
  company: ['group'],
  on_account: ['personal', 'group'],
  advance: ['group'],
};

/**
 * The seeded dictionary types (breadth §6.12). 民族, 婚姻, 体检类别 and 付款方式 take the codes the
 * screens already store (contract dictionaries.ts); the others follow the national standards
 * (GB/T 4658 文化程度, GB/T 4754 行业门类, GB/T 12402 经济类型).
 */
export const DEMO_DICT_TYPES: readonly DemoDictType[] = [
  { code: 'nation', name: '民族', remark: 'GB/T 3304', entries: fromCodes(DICTIONARIES.nation) },
  { code: 'marriage', name: '婚姻', remark: 'GB/T 2261.2', entries: fromCodes(DICTIONARIES.marriage) },
  {
    code: 'education',
    name: '文化程度',
    remark: 'GB/T 4658',
    entries: [
      { value: '10', label: '研究生' },
      { value: '20', label: '大学本科' },
      { value: '30', label: '大学专科' },
      { value: '40', label: '中等专科' },
      { value: '60', label: '普通高中' },
      { value: '70', label: '初中' },
      { value: '80', label: '小学' },
      { value: '90', label: '其他' },
    ],
  },
  { code: 'exam_type', name: '体检类别', entries: fromCodes(DICTIONARIES.exam_type) },
  {
    code: PAY_METHOD_TYPE,
    name: '付款方式',
    entries: DICTIONARIES.pay_method.map((e) => ({ value: e.code, label: e.name, flags: PAY_FLAGS_OF[e.code] })),
  },
  {
    code: 'examinee_type',
    name: '体检者类型',
    entries: [
      { value: 'personal', label: '个人' },
      { value: 'group', label: '团体' },
      { value: 'vip', label: 'VIP', style: 'warning' },
      { value: 'staff', label: '本院职工' },
    ],
  },
  {
    code: 'industry',
    name: '行业',
    remark: 'GB/T 4754 门类',
    entries: [
      { value: 'A', label: '农、林、牧、渔业' },
      { value: 'B', label: '采矿业' },
      { value: 'C', label: '制造业' },
      { value: 'D', label: '电力、热力、燃气及水生产和供应业' },
      { value: 'E', label: '建筑业' },
      { value: 'F', label: '批发和零售业' },
      { value: 'G', label: '交通运输、仓储和邮政业' },
      { value: 'P', label: '教育' },
      { value: 'Q', label: '卫生和社会工作' },
    ],
  },
  {
    code: 'economy_type',
    name: '经济类型',
    remark: 'GB/T 12402',
    entries: [
      { value: '110', label: '国有全资' },
      { value: '120', label: '集体全资' },
      { value: '130', label: '股份合作' },
      { value: '150', label: '有限责任公司' },
      { value: '160', label: '股份有限公司' },
      { value: '170', label: '私有' },
      { value: '200', label: '港澳台投资' },
      { value: '300', label: '国外投资' },
    ],
  },
];

/** A few mappings to external codes, so 字典对照 is not empty: [platform, type, value, code, name]. */
export const DEMO_DICT_REFS: readonly [string, string, string, string, string][] = [
  ['his', PAY_METHOD_TYPE, 'cash', '01', '现金'],
  ['his', PAY_METHOD_TYPE, 'wechat', '12', '微信支付'],
  ['his', PAY_METHOD_TYPE, 'alipay', '13', '支付宝支付'],
  ['province', 'marriage', '10', '1', '未婚'],
  ['province', 'marriage', '20', '2', '已婚'],
  ['province', 'exam_type', 'occupational', '02', '职业健康检查'],
];
