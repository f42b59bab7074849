import type { DeptDiagnosisView, DeptItemResult } from '@checkup/api-contract';

type Union = DeptDiagnosisView['unions'][number];

export const item = (
  fields: Partial<DeptItemResult> & Pick<DeptItemResult, 'item_id' | 'item_name'>,
): DeptItemResult => ({
  item_code: `I${fields.item_id}`,
  result_type: 'number',
  unit: null,
  ref_range: '',
  normal_text: null,
  result_value: null,
  abnormal_flag: '',
  critical_flag: '0',
  ref_low: null,
  ref_high: null,
  critical_low: null,
  critical_high: null,
  sign_words: fields.normal_text ? [fields.normal_text] : [],
  ...fields,
});

/** A line to be entered today (未检) unless the fields say otherwise. */
export const union = (fields: Pick<Union, 'union_id' | 'union_name' | 'items'> & Partial<Union>): Union => ({
  exec_state: '0',
  exec_label: '未检',
  exec_by_name: null,
  exec_at: null,
  exec_reason: null,
  ...fields,
});

export const ORDER_ID = '20261121000123';
export const DEPT_ID = 7;

/** A department with a liver union (谷丙转氨酶, 血钾 with critical limits) and an ECG finding. */
export function deptView(fields: Partial<DeptDiagnosisView> = {}): DeptDiagnosisView {
  return {
    order_id: ORDER_ID,
    exam_dept_id: DEPT_ID,
    dept_name: '检验科',
    dept_status: '0',
    order_status: 'checked_in',
    customer: { cust_name: '张三', sex: '1', age: 46, special_flag: '0' },
    package_name: '入职套餐',
    dept_exception_flag: '0',
    correction_status: '0',
    imaging_groups: [],
    unions: [
      union({
        union_id: 1,
        union_name: '肝功能',
        items: [
          item({ item_id: 11, item_name: '谷丙转氨酶', unit: 'U/L', ref_range: '9-50', ref_low: 9, ref_high: 50 }),
          item({
            item_id: 12,
            item_name: '血钾',
            unit: 'mmol/L',
            ref_range: '3.5-5.3',
            ref_low: 3.5,
            ref_high: 5.3,
            critical_low: 2.8,
            critical_high: 6.2,
          }),
        ],
      }),
      union({
        union_id: 2,
        union_name: '心电图',
        items: [item({ item_id: 21, item_name: '心电图所见', result_type: 'text', normal_text: '正常心电图' })],
      }),
    ],
    summary: [],
    diag_list: [],
    see_detail: [],
    ...fields,
  };
}

/** 一般检查 as the demo catalogue has it (HEIGHT, WEIGHT, BMI, SBP, DBP, PULSE), and a waived 内科检查. */
export function generalExamView(): DeptDiagnosisView {
  return deptView({
    dept_name: '一般检查',
    unions: [
      union({
        union_id: 3,
        union_name: '一般检查',
        items: [
          item({ item_id: 31, item_code: 'HEIGHT', item_name: '身高', unit: 'cm' }),
          item({ item_id: 32, item_code: 'WEIGHT', item_name: '体重', unit: 'kg' }),
          item({
            item_id: 33,
            item_code: 'BMI',
            item_name: '体重指数',
            ref_range: '18.5-23.9',
            ref_low: 18.5,
            ref_high: 23.9,
          }),
          item({ item_id: 34, item_code: 'SBP', item_name: '收缩压', ref_range: '90-139', ref_low: 90, ref_high: 139 }),
          item({ item_id: 35, item_code: 'DBP', item_name: '舒张压', ref_range: '60-89', ref_low: 60, ref_high: 89 }),
          item({
            item_id: 36,
            item_code: 'LOOK',
            item_name: '一般情况',
            result_type: 'text',
            normal_text: '未见异常',
            sign_words: ['未见异常', '消瘦'],
          }),
        ],
      }),
      union({
        union_id: 4,
        union_name: '内科检查',
        exec_state: '2',
        exec_label: '弃检',
        exec_reason: '本人放弃',
        items: [item({ item_id: 41, item_name: '心脏', result_type: 'text', normal_text: '未见异常' })],
      }),
    ],
  });
}
