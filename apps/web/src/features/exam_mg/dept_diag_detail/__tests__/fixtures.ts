import type { DeptDiagnosisView, DeptItemResult } from '@checkup/api-contract';

const item = (fields: Partial<DeptItemResult> & Pick<DeptItemResult, 'item_id' | 'item_name'>): DeptItemResult => ({
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
      {
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
      },
      {
        union_id: 2,
        union_name: '心电图',
        items: [item({ item_id: 21, item_name: '心电图所见', result_type: 'text', normal_text: '正常心电图' })],
      },
    ],
    summary: [],
    diag_list: [],
    see_detail: [],
    ...fields,
  };
}
