/**
 * Spec §7: the GET answers the gateway may reuse — parameters, check status, report word template
 * conf, report config, transfer user list, province/city list, user simple list, exam dept list,
 * nation list. `personal` answers differ per user and are cached per user.
 */
export const CACHED_GETS: ReadonlyMap<string, { personal: boolean; title: string }> = new Map([
  ['/manager/api/Commonconfig/get_parameter', { personal: false, title: '系统参数' }],
  ['/manager/api/commondata/get_check_status', { personal: false, title: '检查状态' }],
  ['/manager/api/report/get_report_word_template_conf', { personal: false, title: '报告Word模板配置' }],
  ['/manager/api/report/get_report_config', { personal: false, title: '报告配置' }],
  ['/manager/api/transfer/get_transfer_user_list', { personal: true, title: '转诊人员列表' }],
  ['/manager/api/commondata/get_province_city_list', { personal: false, title: '省市列表' }],
  ['/manager/api/user/user_simple_list', { personal: false, title: '用户列表' }],
  ['/manager/api/commondata/get_exam_dept_list', { personal: false, title: '体检科室列表' }],
  ['/manager/api/commondata/get_nation_list', { personal: false, title: '民族列表' }],
]);
