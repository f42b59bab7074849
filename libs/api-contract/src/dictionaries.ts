import { ORDER_STATUSES, ORDER_STATUS_LABELS } from './order-status.js';
import { PAY_METHOD_NAMES, PAY_METHODS } from './finance/money-lines.js';

/** One entry of a small dictionary (commondata/get_data_by_code). */
export interface DictEntry {
  code: string;
  name: string;
}

/** GB/T 3304 ethnic groups in code order (01 汉族 … 56 基诺族); 97 and 98 follow below. */
const NATION_NAMES = `
  汉族 蒙古族 回族 藏族 维吾尔族 苗族 彝族 壮族 布依族 朝鲜族
  满族 侗族 瑶族 白族 土家族 哈尼族 哈萨克族 傣族 黎族 傈僳族
  佤族 畲族 高山族 拉祜族 水族 东乡族 纳西族 景颇族 柯尔克孜族 土族
  达斡尔族 仫佬族 羌族 布朗族 撒拉族 毛南族 仡佬族 锡伯族 阿昌族 普米族
  塔吉克族 怒族 乌孜别克族 俄罗斯族 鄂温克族 德昂族 保安族 裕固族 京族 塔塔尔族
  独龙族 鄂伦春族 赫哲族 门巴族 珞巴族 基诺族
`
  .trim()
  .split(/\s+/);

const NATIONS: DictEntry[] = [
  ...NATION_NAMES.map((name, i) => ({ code: String(i + 1).padStart(2, '0'), name })),
  { code: '97', name: '其他' },
  { code: '98', name: '外国血统中国籍人士' },
];

/**
 * The small dictionaries the screens fill their selects from. The codes are the ones stored:
 * sex as spec §3, exam_type / pay_method as the orders and payments tables, marriage as GB/T 2261.2.
 */
export const DICTIONARIES = {
  sex: [
    { code: '1', name: '男' },
    { code: '2', name: '女' },
  ],
  exam_type: [
    { code: 'health', name: '健康体检' },
    { code: 'occupational', name: '职业体检' },
    { code: 'entry', name: '入职体检' },
    { code: 'health_card', name: '健康证体检' },
    // Registered only from 复查管理 (review-mg.ts), never chosen at the desk.
    { code: 'review', name: '复查' },
  ],
  nation: NATIONS,
  pay_method: PAY_METHODS.map((code) => ({ code, name: PAY_METHOD_NAMES[code] })),
  order_status: ORDER_STATUSES.map((code) => ({ code, name: ORDER_STATUS_LABELS[code] })),
  marriage: [
    { code: '10', name: '未婚' },
    { code: '20', name: '已婚' },
    { code: '30', name: '丧偶' },
    { code: '40', name: '离婚' },
    { code: '90', name: '未说明的婚姻状况' },
  ],
} as const satisfies Record<string, readonly DictEntry[]>;

export type DictionaryCode = keyof typeof DICTIONARIES;
export const DICTIONARY_CODES = Object.keys(DICTIONARIES) as [DictionaryCode, ...DictionaryCode[]];
