/**
 * Spec §7: requests exempt from the duplicate guard — print add, match_diag_by_union,
 * get_order_form_print, diagnosis_union_save, commondata/version, Commonconfig/get_parameter,
 * occupationalDiseaseUpload/upload, report/change_print_time. Matched on the end of the path.
 */
const EXEMPT_SUFFIXES = [
  '/print/add',
  '/match_diag_by_union',
  '/get_order_form_print',
  '/diagnosis_union_save',
  '/commondata/version',
  '/Commonconfig/get_parameter',
  '/occupationalDiseaseUpload/upload',
  '/report/change_print_time',
];

export function isDuplicateExempt(path: string): boolean {
  return EXEMPT_SUFFIXES.some((suffix) => path.endsWith(suffix));
}
