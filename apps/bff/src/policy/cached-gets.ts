/**
 * Spec §7: the GET answers the gateway may reuse — parameters, check status, report word template
 * conf, report config, transfer user list, province/city list, user simple list, exam dept list,
 * nation list. `personal` answers differ per user and are cached per user.
 */
export const CACHED_GETS: ReadonlyMap<string, { personal: boolean }> = new Map([
  ['/manager/api/Commonconfig/get_parameter', { personal: false }],
  ['/manager/api/commondata/get_check_status', { personal: false }],
  ['/manager/api/report/get_report_word_template_conf', { personal: false }],
  ['/manager/api/report/get_report_config', { personal: false }],
  ['/manager/api/transfer/get_transfer_user_list', { personal: true }],
  ['/manager/api/commondata/get_province_city_list', { personal: false }],
  ['/manager/api/user/user_simple_list', { personal: false }],
  ['/manager/api/commondata/get_exam_dept_list', { personal: false }],
  ['/manager/api/commondata/get_nation_list', { personal: false }],
]);
