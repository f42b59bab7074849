import type { z } from 'zod';
import {
  BARCODE_FIELDS,
  EXAMINEE_FIELDS,
  barcodeLayoutSchema,
  documentLayoutSchema,
  type BarcodeField,
  type BarcodeLayout,
  type DocumentLayout,
  type TemplateLayout,
} from './template-layout.js';

/** The ten template types of exam_cfg/self_defined_template (spec §2), keyed in English. */
export const TEMPLATE_TYPE_LABELS = {
  group_voucher: '团体缴费凭证',
  guide_sheet: '导检单',
  consent: '知情同意书',
  exam_form: '体检表',
  application_form: '申请单',
  occu_notice_card: '职业告知卡',
  health_certificate: '健康证',
  group_report: '团体报告',
  exam_report: '体检报告',
  barcode: '条码',
} as const;
export type TemplateType = keyof typeof TEMPLATE_TYPE_LABELS;
export const TEMPLATE_TYPES = Object.keys(TEMPLATE_TYPE_LABELS) as [TemplateType, ...TemplateType[]];
export type DocumentTemplateType = Exclude<TemplateType, 'barcode'>;

/** 适用类型: a centre prints occupational visits (职业体检) on layouts of their own. */
export const SUIT_TYPES = ['health', 'occu'] as const;
export type SuitType = (typeof SUIT_TYPES)[number];
export const SUIT_TYPE_LABELS: Record<SuitType, string> = { health: '健康', occu: '职业' };
/** Which layouts a visit of an exam type prints on. */
export const suitOfExamType = (examType: string): SuitType => (examType === 'occupational' ? 'occu' : 'health');

const s = (key: string, title: string) => ({ key, title });
const EXAMINEE = s('examinee', '受检者信息');
const SIGN = (title: string) => s('signature', title);

/**
 * The sections each document type prints, in their default order with their default titles: the
 * guide sheet and the report print theirs today; the others are what real centres print (breadth §6).
 */
export const TEMPLATE_SECTIONS: Record<DocumentTemplateType, readonly { key: string; title: string }[]> = {
  guide_sheet: [
    EXAMINEE,
    s('depts', '检查科室与项目'),
    s('notice', '体检须知'),
    s('confirm', '签名确认'),
    s('specimens', '标本条码'),
  ],
  exam_report: [
    s('cover', '封面'),
    EXAMINEE,
    s('conclusion', '总检结论'),
    s('advice', '健康建议'),
    s('diagnoses', '诊断及建议'),
    s('results', '各科检查结果'),
    s('signatures', '审核签名'),
  ],
  group_voucher: [s('company', '单位信息'), s('fees', '缴费明细'), s('total', '合计金额'), SIGN('经办人签章')],
  consent: [EXAMINEE, s('items', '检查项目'), s('statement', '告知内容'), SIGN('受检者签名')],
  exam_form: [EXAMINEE, s('items', '检查项目'), s('results', '检查结果'), s('conclusion', '结论'), SIGN('医生签名')],
  application_form: [EXAMINEE, s('items', '申请项目'), s('clinical', '临床诊断'), SIGN('申请医生')],
  occu_notice_card: [EXAMINEE, s('harm_factors', '接触危害因素'), s('items', '检查项目'), SIGN('告知人签名')],
  health_certificate: [EXAMINEE, s('result', '体检结论'), s('validity', '有效期'), s('issuer', '发证机构')],
  group_report: [
    s('company', '单位概况'),
    s('summary', '体检概况'),
    s('abnormal', '异常结果统计'),
    s('staff', '人员名单'),
    s('advice', '建议'),
  ],
};

/** The titles a document prints under its hospital name when nobody changed them. */
const DEFAULT_TITLES: Record<DocumentTemplateType, string> = {
  guide_sheet: '体检导引单',
  exam_report: '健康体检报告',
  group_voucher: '团体体检缴费凭证',
  consent: '体检知情同意书',
  exam_form: '健康体检表',
  application_form: '检查申请单',
  occu_notice_card: '职业病危害告知卡',
  health_certificate: '健康证明',
  group_report: '团体体检报告',
};

/** A layout as today's print has it: the seed's default templates, and what prints when there is none. */
export function defaultLayout(type: 'barcode'): BarcodeLayout;
export function defaultLayout(type: DocumentTemplateType): DocumentLayout;
export function defaultLayout(type: TemplateType): TemplateLayout;
export function defaultLayout(type: TemplateType): TemplateLayout {
  if (type === 'barcode') {
    // Today's label: the name and the specimen above the bars, then the union; the date below.
    const placed: [BarcodeField, 'top' | 'bottom'][] = [
      ['cust_name', 'top'],
      ['specimen', 'top'],
      ['union_name', 'top'],
      ['exam_date', 'bottom'],
    ];
    const rest = BARCODE_FIELDS.filter((f) => !placed.some(([field]) => field === f.field));
    const label: BarcodeLayout = {
      width_mm: 50,
      height_mm: 30,
      font_size: 8,
      show_code_text: true,
      fields: [
        ...placed.map(([field, position]) => ({ field, position })),
        ...rest.map((f) => ({ field: f.field, position: 'hidden' as const })),
      ],
    };
    return label;
  }
  return {
    header: { hospital_name: '', show_logo: false, title: DEFAULT_TITLES[type] },
    page_size: 'A4',
    font_size: 10,
    fields: EXAMINEE_FIELDS.map((f) => ({ key: f.key, visible: true })),
    blocks: TEMPLATE_SECTIONS[type].map((section) => ({ kind: 'section' as const, ...section, visible: true })),
  };
}

const once = (keys: string[]) => new Set(keys).size === keys.length;

/** The layout schema of one type: a document names only its type's sections, each once. */
export function layoutSchemaOf(type: TemplateType): z.ZodType<TemplateLayout> {
  if (type === 'barcode') {
    return barcodeLayoutSchema.refine((l) => once(l.fields.map((f) => f.field)), '条码字段重复');
  }
  const known = new Set(TEMPLATE_SECTIONS[type].map((section) => section.key));
  const sectionKeys = (l: DocumentLayout) => l.blocks.flatMap((b) => (b.kind === 'section' ? [b.key] : []));
  return documentLayoutSchema
    .refine((l) => sectionKeys(l).every((key) => known.has(key)), `${TEMPLATE_TYPE_LABELS[type]}没有这个栏目`)
    .refine((l) => once(sectionKeys(l)), '栏目重复')
    .refine((l) => once(l.fields.map((f) => f.key)), '受检者字段重复');
}
