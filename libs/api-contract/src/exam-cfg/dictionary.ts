import { z } from 'zod';
import { optionalChoiceField, optionalIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { codeField, enabledFilter, intField, optionalTextField, refField, textField } from '../resource/form-fields.js';
import { choiceListField } from './choice-list-field.js';
import { fenOf, MONEY_TEXT, moneyOut } from '../resource/money.js';

/**
 * 字典配置 (exam_cfg/dict_cfg, breadth §6.12): the dictionary types — 民族, 婚姻, 体检类别, 付款方式 … —
 * whose entries 数据字典 keeps. A type that still has entries cannot be removed (disable it instead).
 */
export const dictTypeResource = defineResource({
  name: 'dict_type',
  title: '字典类型',
  base: '/manager/api/examcfg/dict_type',
  screens: ['exam_cfg/dict_cfg'],
  readers: ['exam_cfg/dictionary_cfg', 'exam_cfg/dict_ref_cfg'],
  row: z.object({
    type_code: z.string(),
    type_name: z.string(),
    remark: z.string().nullable(),
    /** How many entries the type holds. */
    data_count: z.number().int(),
  }),
  form: z.object({
    type_name: textField('字典名称', 32),
    type_code: codeField('类型编码'),
    remark: optionalTextField('备注', 200),
  }),
  filter: z.object({ key: searchKeyField(), enabled: enabledFilter }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'],
  excel: [
    { key: 'type_name', title: '字典名称' },
    { key: 'type_code', title: '类型编码' },
    { key: 'remark', title: '备注' },
  ],
});

/** How an entry is shown as a tag (样式), as the anchor's listClass. */
export const DICT_STYLES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;
export const DICT_STYLE_LABELS: Record<(typeof DICT_STYLES)[number], string> = {
  default: '默认',
  primary: '主要',
  success: '成功',
  info: '信息',
  warning: '警告',
  danger: '危险',
};

/** The flags of a 付款方式 entry (md_dictpayway): where it may be used and whether it refunds in cash. */
export const PAY_FLAGS = ['cash', 'group', 'personal', 'refund_cash', 'mistake_refund'] as const;
export const PAY_FLAG_LABELS: Record<(typeof PAY_FLAGS)[number], string> = {
  cash: '现金',
  group: '团检可用',
  personal: '个人可用',
  refund_cash: '可退现金',
  mistake_refund: '可误操作退款',
};

/** The seeded type whose entries carry PAY_FLAGS. */
export const PAY_METHOD_TYPE = 'pay_method';

/** 数据字典 (exam_cfg/dictionary_cfg): the entries of one type, 标签 shown and 键值 stored. */
export const dictDataResource = defineResource({
  name: 'dict_data',
  title: '字典数据',
  base: '/manager/api/examcfg/dict_data',
  screens: ['exam_cfg/dictionary_cfg'],
  // 登记 fills its 民族/婚姻/付款方式 selects from these entries.
  readers: ['exam_cfg/dict_ref_cfg', 'exam_mg/order_quick_register', 'exam_mg/order_mg_detail'],
  row: z.object({
    type_id: z.number().int(),
    type_code: z.string(),
    type_name: z.string(),
    label: z.string(),
    value: z.string(),
    sort: z.number().int(),
    style: z.enum(DICT_STYLES).nullable(),
    flags: z.array(z.enum(PAY_FLAGS)),
    /** 付款方式: the most one refund line of this method may give back; null, no limit. */
    refund_limit: moneyOut.nullable(),
    remark: z.string().nullable(),
  }),
  form: z.object({
    type_id: refField('字典类型'),
    label: textField('字典标签', 64),
    value: codeField('字典键值'),
    sort: intField('排序', 0, 99_999),
    style: z
      .union([z.enum(DICT_STYLES), z.literal('')], { error: '请选择样式' })
      .optional()
      .transform((v) => v || null),
    flags: choiceListField(PAY_FLAGS, PAY_FLAG_LABELS, '付款标记'),
    refund_limit: z
      .union([z.string(), z.number(), z.null()], { error: '退款上限格式不正确' })
      .optional()
      .transform((v) => (v === undefined || v === null ? '' : String(v).trim()))
      .refine((v) => v === '' || MONEY_TEXT.test(v), '退款上限应为不小于0的金额，最多两位小数')
      .transform((v) => (v === '' ? null : fenOf(v))),
    remark: optionalTextField('备注', 200),
  }),
  filter: z.object({ type_id: optionalIdField('字典类型'), key: searchKeyField(), enabled: enabledFilter }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'],
  excel: [
    { key: 'type_id', title: '字典类型ID' },
    { key: 'label', title: '字典标签' },
    { key: 'value', title: '字典键值' },
    { key: 'sort', title: '排序' },
    { key: 'style', title: '样式', labels: DICT_STYLE_LABELS },
    { key: 'flags', title: '付款标记' },
    { key: 'remark', title: '备注' },
  ],
});

/** The platforms our codes are mapped to (省市级平台数据对照, HIS/LIS/PACS interfaces). */
export const REF_PLATFORMS = ['province', 'his', 'lis', 'pacs'] as const;
export const REF_PLATFORM_LABELS: Record<(typeof REF_PLATFORMS)[number], string> = {
  province: '省职业卫生平台',
  his: 'HIS',
  lis: 'LIS',
  pacs: 'PACS',
};

/** 字典对照 (exam_cfg/dict_ref_cfg): one dictionary entry's code on an external platform, once per platform. */
export const dictRefResource = defineResource({
  name: 'dict_ref',
  title: '字典对照',
  base: '/manager/api/examcfg/dict_ref',
  screens: ['exam_cfg/dict_ref_cfg'],
  row: z.object({
    platform: z.enum(REF_PLATFORMS),
    data_id: z.number().int(),
    type_name: z.string(),
    data_label: z.string(),
    data_value: z.string(),
    external_code: z.string(),
    external_name: z.string().nullable(),
    remark: z.string().nullable(),
  }),
  form: z.object({
    platform: z.enum(REF_PLATFORMS, { error: '请选择对照平台' }),
    data_id: refField('本地字典数据'),
    external_code: textField('外部编码', 64),
    external_name: optionalTextField('外部名称', 64),
    remark: optionalTextField('备注', 200),
  }),
  filter: z.object({
    platform: optionalChoiceField(REF_PLATFORMS, '对照平台不正确'),
    type_id: optionalIdField('字典类型'),
    key: searchKeyField(),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'],
  excel: [
    { key: 'platform', title: '对照平台', labels: REF_PLATFORM_LABELS },
    { key: 'data_id', title: '本地字典数据ID' },
    { key: 'data_label', title: '本地标签' },
    { key: 'external_code', title: '外部编码' },
    { key: 'external_name', title: '外部名称' },
    { key: 'remark', title: '备注' },
  ],
});
