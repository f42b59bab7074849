import type { AreaScreens } from '../../app/routes/area-chunks';
import AdviseFeedback from './advise_feedback';
import BreakfastMg from './breakfast_mg';
import CmpArch from './cmp_arch';
import CmpArchInfo from './cmp_arch_info';
import CntrBook from './cntr_book';
import CntrBookDetail from './cntr_book_detail';
import TextMessage from './text_message';
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
  group_list_import: GroupListImport,
  group_list_import_detail: GroupListImportDetail,
} satisfies AreaScreens<'crm'>;
