import type { AreaScreens } from '../../app/routes/area-chunks';
import AdviseFeedback from './advise_feedback';
import BreakfastMg from './breakfast_mg';
import CmpArch from './cmp_arch';
import CmpArchInfo from './cmp_arch_info';
import CntrBook from './cntr_book';
import CntrBookDetail from './cntr_book_detail';
import TextMessage from './text_message';
import CustArch from './cust_arch';
import CustArchDetail from './cust_arch_detail';
import ShdMg from './shd_mg';
import ExamSchedule from './exam_schedule';
import ExamScheduleDetail from './exam_schedule_detail';

/** The built screens of 客户管理, by screen key; the rest of the area shows the developing page. */
export const screens = {
  text_message: TextMessage,
  advise_feedback: AdviseFeedback,
  breakfast_mg: BreakfastMg,
  cmp_arch: CmpArch,
  cmp_arch_info: CmpArchInfo,
  cntr_book: CntrBook,
  cntr_book_detail: CntrBookDetail,
  cust_arch: CustArch,
  cust_arch_detail: CustArchDetail,
  shd_mg: ShdMg,
  exam_schedule: ExamSchedule,
  exam_schedule_detail: ExamScheduleDetail,
} satisfies AreaScreens<'crm'>;
