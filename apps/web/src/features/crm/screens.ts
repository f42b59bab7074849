import type { AreaScreens } from '../../app/routes/area-chunks';
import AdviseFeedback from './advise_feedback';
import BreakfastMg from './breakfast_mg';
import CmpArch from './cmp_arch';
import CmpArchInfo from './cmp_arch_info';
import CntrBook from './cntr_book';
import CntrBookDetail from './cntr_book_detail';
import TextMessage from './text_message';
import GroupRegisterList from './group_register_list';
import SubgroupModifyList from './subgroup_modify_list';
import GroupPersonMg from './group_person_mg';
import ExamCardMg from './exam_card_mg';
import CreateCardBatch from './create_card_batch';
import CardBatchDetail from './card_batch_detail';
import CardMgDetail from './card_mg_detail';
import CardItemDetail from './card_item_detail';
import CustArch from './cust_arch';
import CustArchDetail from './cust_arch_detail';
import ShdMg from './shd_mg';
import ExamSchedule from './exam_schedule';
import ExamScheduleDetail from './exam_schedule_detail';
import GroupUnitMg from './group_unit_mg';
import GroupUnitMgDetail from './group_unit_mg_detail';
import GroupUnitMgOccu from './group_unit_mg_occu';
import GroupUnitMgAll from './group_unit_mg_all';
import GroupPricingList from './group_pricing_list';
import GroupPricingListDetail from './group_pricing_list_detail';
import GroupPricingListOccu from './group_pricing_list_occu';
import CmpQuote from './cmp_quote';
import GroupListImport from './group_list_import';
import GroupListImportDetail from './group_list_import_detail';

/** The built screens of 客户管理, by screen key; the rest of the area shows the developing page. */
export const screens = {
  text_message: TextMessage,
  advise_feedback: AdviseFeedback,
  breakfast_mg: BreakfastMg,
  cmp_arch: CmpArch,
  cmp_arch_info: CmpArchInfo,
  cntr_book: CntrBook,
  cntr_book_detail: CntrBookDetail,
  group_register_list: GroupRegisterList,
  subgroup_modify_list: SubgroupModifyList,
  group_person_mg: GroupPersonMg,
  exam_card_mg: ExamCardMg,
  create_card_batch: CreateCardBatch,
  card_batch_detail: CardBatchDetail,
  card_mg_detail: CardMgDetail,
  card_item_detail: CardItemDetail,
  cust_arch: CustArch,
  cust_arch_detail: CustArchDetail,
  shd_mg: ShdMg,
  exam_schedule: ExamSchedule,
  exam_schedule_detail: ExamScheduleDetail,
  group_unit_mg: GroupUnitMg,
  group_unit_mg_detail: GroupUnitMgDetail,
  group_unit_mg_occu: GroupUnitMgOccu,
  group_unit_mg_all: GroupUnitMgAll,
  group_pricing_list: GroupPricingList,
  group_pricing_list_detail: GroupPricingListDetail,
  group_pricing_list_occu: GroupPricingListOccu,
  cmp_quote: CmpQuote,
  group_list_import: GroupListImport,
  group_list_import_detail: GroupListImportDetail,
} satisfies AreaScreens<'crm'>;
