import { lazy } from 'react';
import type { AreaScreens } from '../../app/routes/area-chunks';

/**
 * The built screens of 体检配置, by screen key; each is a lazy chunk of its own (issue 18), so opening
 * one configuration screen does not download the others. The rest shows the developing page.
 */
export const screens = {
  dept_cfg: lazy(() => import('./dept_cfg')),
  wkt_cfg: lazy(() => import('./wkt_cfg')),
  item_cfg: lazy(() => import('./item_cfg')),
  union_cfg: lazy(() => import('./union_cfg')),
  pkg_cfg: lazy(() => import('./pkg_cfg')),
  diag_cfg: lazy(() => import('./diag_cfg')),
  mutex_cfg: lazy(() => import('./mutex_cfg')),
  diag_cfg_detail: lazy(() => import('./diag_cfg_detail')),
  diag_cfg_related: lazy(() => import('./diag_cfg_related')),
  diag_cfg_related_detail: lazy(() => import('./diag_cfg_related_detail')),
  function_dictionary_association_update: lazy(() => import('./function_dictionary_association_update')),
  health_guidance_maintenance: lazy(() => import('./health_guidance_maintenance')),
  dict_cfg: lazy(() => import('./dict_cfg')),
  dictionary_cfg: lazy(() => import('./dictionary_cfg')),
  dict_ref_cfg: lazy(() => import('./dict_ref_cfg')),
  harm_factors: lazy(() => import('./harm_factors')),
  application_type: lazy(() => import('./application_type')),
  maintain: lazy(() => import('./maintain')),
  consume_cfg: lazy(() => import('./consume_cfg')),
  msg_notification: lazy(() => import('./msg_notification')),
  table_cfg: lazy(() => import('./table_cfg')),
  'self_defined_template/guide_sheet': lazy(() => import('./self_defined_template/guide_sheet')),
  'self_defined_template/barcode': lazy(() => import('./self_defined_template/barcode')),
  'self_defined_template/group_voucher': lazy(() => import('./self_defined_template/group_voucher')),
  'self_defined_template/consent': lazy(() => import('./self_defined_template/consent')),
  'self_defined_template/exam_form': lazy(() => import('./self_defined_template/exam_form')),
  'self_defined_template/application_form': lazy(() => import('./self_defined_template/application_form')),
  'self_defined_template/occu_notice_card': lazy(() => import('./self_defined_template/occu_notice_card')),
  'self_defined_template/health_certificate': lazy(() => import('./self_defined_template/health_certificate')),
  'self_defined_template/group_report': lazy(() => import('./self_defined_template/group_report')),
  'self_defined_template/exam_report': lazy(() => import('./self_defined_template/exam_report')),
  'ultrasonic_cfg/classify': lazy(() => import('./ultrasonic_cfg/classify')),
  'ultrasonic_cfg/item': lazy(() => import('./ultrasonic_cfg/item')),
  'ultrasonic_cfg/item_symptom': lazy(() => import('./ultrasonic_cfg/item_symptom')),
  questionnaire_cfg: lazy(() => import('./questionnaire_cfg')),
  questionnaire_cfg_detail: lazy(() => import('./questionnaire_cfg_detail')),
  'his_sync/his_msg': lazy(() => import('./his_sync/his_msg')),
  'his_sync/his_change_handling': lazy(() => import('./his_sync/his_change_handling')),
} satisfies AreaScreens<'exam_cfg'>;
