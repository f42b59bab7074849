import { z } from 'zod';

/**
 * What a self-defined template prints (exam_cfg/self_defined_template, issue 18 §2): a document's
 * header, page, font, examinee fields and its blocks in order; a barcode label's size and where each
 * field goes. The editor writes these, the guide sheet and the report read them, so both sides check
 * a layout with the same schema and the same Chinese messages.
 */
export const PAGE_SIZES = ['A4', 'A5', 'B5'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** The examinee fields a document's 受检者信息 may print, in their usual order. */
export const EXAMINEE_FIELDS = [
  { key: 'cust_name', label: '姓名' },
  { key: 'sex', label: '性别' },
  { key: 'age', label: '年龄' },
  { key: 'order_id', label: '体检号' },
  { key: 'id_card', label: '身份证号' },
  { key: 'exam_date', label: '体检日期' },
  { key: 'exam_type', label: '体检类型' },
  { key: 'package_name', label: '套餐' },
  { key: 'company_name', label: '单位' },
] as const;
export type ExamineeField = (typeof EXAMINEE_FIELDS)[number]['key'];
const EXAMINEE_FIELD_KEYS = EXAMINEE_FIELDS.map((f) => f.key) as [ExamineeField, ...ExamineeField[]];

/** What a barcode label may print (spec §3 temp_config), with the label the editor shows. */
export const BARCODE_FIELDS = [
  { field: 'order_id', label: '体检号' },
  { field: 'cust_name', label: '姓名' },
  { field: 'sex', label: '性别' },
  { field: 'age', label: '年龄' },
  { field: 'union_name', label: '组合项目' },
  { field: 'specimen', label: '标本类型' },
  { field: 'exam_date', label: '体检日期' },
  { field: 'dept_name', label: '科室' },
  { field: 'company_name', label: '单位名称' },
  { field: 'print_time', label: '打印时间' },
] as const;
export type BarcodeField = (typeof BARCODE_FIELDS)[number]['field'];
const BARCODE_FIELD_KEYS = BARCODE_FIELDS.map((f) => f.field) as [BarcodeField, ...BarcodeField[]];

/** Above the bars, below them, or not printed. */
export const BARCODE_POSITIONS = ['top', 'bottom', 'hidden'] as const;
export const BARCODE_POSITION_LABELS: Record<(typeof BARCODE_POSITIONS)[number], string> = {
  top: '条码上方',
  bottom: '条码下方',
  hidden: '不打印',
};

const title = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字符`);
const visible = z.boolean({ error: '显示开关格式不正确' });
const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}应为整数` })
    .int(`${label}应为整数`)
    .min(min, `${label}应在${min}到${max}之间`)
    .max(max, `${label}应在${min}到${max}之间`);

/** A block of a document: one of its type's sections, or a text of the centre's own. */
const sectionBlock = z.object({ kind: z.literal('section'), key: z.string(), title: title('栏目标题', 32), visible });
const textBlock = z.object({
  kind: z.literal('text'),
  title: z.string().trim().max(32, '文字块标题不能超过32个字符'),
  text: z.string().trim().min(1, '请填写文字块内容').max(2000, '文字块内容不能超过2000个字'),
  visible,
});
export type SectionBlock = z.infer<typeof sectionBlock>;
export type TextBlock = z.infer<typeof textBlock>;

export const documentLayoutSchema = z.object({
  header: z.object({
    /** Blank prints the hospital name of 单位信息. */
    hospital_name: z.string().trim().max(64, '医院名称不能超过64个字符'),
    show_logo: z.boolean({ error: '徽标开关格式不正确' }),
    title: title('标题', 32),
  }),
  page_size: z.enum(PAGE_SIZES, { error: '纸张大小只能是A4、A5或B5' }),
  font_size: whole('字号', 8, 16),
  fields: z
    .array(z.object({ key: z.enum(EXAMINEE_FIELD_KEYS, { error: '受检者字段不正确' }), visible }))
    .max(EXAMINEE_FIELDS.length, '受检者字段重复'),
  blocks: z
    .array(z.discriminatedUnion('kind', [sectionBlock, textBlock], { error: '栏目格式不正确' }))
    .max(40, '栏目最多40个'),
});
export type DocumentLayout = z.infer<typeof documentLayoutSchema>;
export type DocumentBlock = DocumentLayout['blocks'][number];

export const barcodeLayoutSchema = z.object({
  width_mm: whole('标签宽度', 20, 100),
  height_mm: whole('标签高度', 10, 60),
  font_size: whole('字号', 6, 14),
  /** The code's digits under the bars. */
  show_code_text: z.boolean({ error: '条码文字开关格式不正确' }),
  fields: z
    .array(
      z.object({
        field: z.enum(BARCODE_FIELD_KEYS, { error: '条码字段不正确' }),
        position: z.enum(BARCODE_POSITIONS, { error: '请选择字段位置' }),
      }),
    )
    .max(BARCODE_FIELDS.length, '条码字段重复'),
});
export type BarcodeLayout = z.infer<typeof barcodeLayoutSchema>;
export type TemplateLayout = DocumentLayout | BarcodeLayout;

export const isBarcodeLayout = (layout: TemplateLayout): layout is BarcodeLayout => 'width_mm' in layout;
