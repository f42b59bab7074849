import { lazy } from 'react';
import type { AreaScreens } from '../../app/routes/area-chunks';
import HomePage from './home_page';
import OrderMg from './order_mg';
import OrderQuickRegister from './order_quick_register';
import OrderMgDetail from './order_mg_detail';
import DeptDiag from './dept_diag';
import DeptDiagBatch from './dept_diag_batch';
import DeptDiagDetail from './dept_diag_detail';
import SerDisMg from './ser_dis_mg';
import QueueMg from './queue_mg';
import QueueMgCall from './queue_mg_call';
import DeptDiagQueue from './dept_diag_queue';
import RevApr from './rev_apr';
import RevAprDetail from './rev_apr_detail';
import RevAprDetailFirstTrial from './rev_apr_detail_first_trial';
import RevAprDetailOccu from './rev_apr_detail_occu';
import FirstTrial from './first_trial';
import SecondTrial from './second_trial';
import LastTrial from './last_trial';
import RejectsReport from './rejects_report';
import TallySheet from './tally_sheet';
import TallySheetDetail from './tally_sheet_detail';
import { FirstReviewAllot, LastReviewAllot, SecondReviewAllot } from './review_allot';
import PrintRpt from './print_rpt';
import RptExamine from './rpt_examine';
import RptExamineDetail from './rpt_examine_detail';
import SendRpt from './send_rpt';
import NewSend from './new_send';
import DelayMg from './delay_mg';
import GuidanceRecycle from './guidance_recycle';
import ReviewMg from './review_mg';

/** The built screens of 体检管理, by screen key; the rest of the area shows the developing page. */
export const screens = {
  home_page: HomePage,
  order_mg: OrderMg,
  order_quick_register: OrderQuickRegister,
  order_mg_detail: OrderMgDetail,
  dept_diag: DeptDiag,
  dept_diag_detail: DeptDiagDetail,
  dept_diag_batch: DeptDiagBatch,
  ser_dis_mg: SerDisMg,
  // A chunk of its own: it brings the charts (echarts) the other screens do not need.
  data_monitor: lazy(() => import('./data_monitor')),
  queue_mg: QueueMg,
  queue_mg_call: QueueMgCall,
  dept_diag_queue: DeptDiagQueue,
  rev_apr: RevApr,
  rev_apr_detail: RevAprDetail,
  rev_apr_detail_first_trial: RevAprDetailFirstTrial,
  rev_apr_detail_occu: RevAprDetailOccu,
  first_trial: FirstTrial,
  second_trial: SecondTrial,
  last_trial: LastTrial,
  rejects_report: RejectsReport,
  tally_sheet: TallySheet,
  tally_sheet_detail: TallySheetDetail,
  'review_allot/first_review_allot': FirstReviewAllot,
  'review_allot/second_review_allot': SecondReviewAllot,
  'review_allot/last_review_allot': LastReviewAllot,
  print_rpt: PrintRpt,
  rpt_examine: RptExamine,
  rpt_examine_detail: RptExamineDetail,
  send_rpt: SendRpt,
  new_send: NewSend,
  delay_mg: DelayMg,
  guidance_recycle: GuidanceRecycle,
  review_mg: ReviewMg,
} satisfies AreaScreens<'exam_mg'>;
