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
  'ultrasonic_cfg/classify': lazy(() => import('./ultrasonic_cfg/classify')),
  'ultrasonic_cfg/item': lazy(() => import('./ultrasonic_cfg/item')),
  'ultrasonic_cfg/item_symptom': lazy(() => import('./ultrasonic_cfg/item_symptom')),
  questionnaire_cfg: lazy(() => import('./questionnaire_cfg')),
  questionnaire_cfg_detail: lazy(() => import('./questionnaire_cfg_detail')),
  'his_sync/his_msg': lazy(() => import('./his_sync/his_msg')),
  'his_sync/his_change_handling': lazy(() => import('./his_sync/his_change_handling')),
} satisfies AreaScreens<'exam_cfg'>;
