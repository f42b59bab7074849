import { dataByCodeRoute, globalConfigRoute, versionRoute } from './commondata.js';
import { getParameterRoute } from './common-config.js';
import { companySearchDataRoute } from './company.js';
import { sysItemsRoute } from './dict-item-match.js';
import { setServiceTypeRoute } from './external.js';
import { loginRoute, logoutRoute, publicKeyRoute, userInfoRoute } from './login.js';
import { gatewayCacheClearRoute, gatewayCacheStatusRoute } from './gateway.js';
import { addLogRoute } from './logfront.js';
import { parameterListRoute, saveParameterRoute } from './parameters.js';
import {
  cardReaderSettingsRoute,
  nameWorkstationRoute,
  printConfigRoute,
  removeWorkstationRoute,
  savePrintDefaultsRoute,
  saveWorkstationRoute,
  workstationListRoute,
} from './print-config.js';
import { unionListByKeyRoute } from './package.js';
import type { RouteDescriptor } from './route.js';
import { DESK_FLOW_ROUTES } from './desk-flow.js';
import { REPORT_LOGISTICS_ROUTES } from './report-logistics.js';
import { CRM_SMS_ROUTES } from './crm-sms.js';
import { REVIEW_MG_ROUTES } from './review-mg.js';
import { MENU_SETTINGS_ROUTES } from './menu-settings.js';
import { FUNCTION_INTRO_ROUTES } from './function-intro.js';
import { clearServerOpLogRoute } from './backend-log.js';
import { MANAGEMENT_DATA_ROUTES } from './management-data.js';
import { SYSTEM_REGISTER_ROUTES } from './system-register.js';
import { INTERFACE_ERROR_ROUTES } from './interface-error.js';
import { RESOURCES } from './resources.js';
import { hisChangeHandleRoute, hisStatusRoute } from './exam-cfg/his-sync.js';
import {
  execChangeRoute,
  execListRoute,
  execOrderLinesRoute,
  execSignatureRoute,
  execWaiveSignedRoute,
  recycledListRoute,
  sheetRecycleRoute,
} from './item-exec.js';
import { orderChangeStatusRoute, orderListRoute } from './order.js';
import {
  deptDiagnosisListRoute,
  deptLockRoute,
  deptUnlockRoute,
  deptWorklistRoute,
  diagnosisUnionSaveRoute,
  matchDiagByUnionRoute,
  myDeptsRoute,
  orderDeptSignRoute,
  orderImagingDeptSignRoute,
} from './department-diagnosis.js';
import { batchNormalSaveRoute, searchDiagnosisRoute, setDeptExceptionRoute } from './department-diagnosis.js';
import {
  deptAddUnionRoute,
  deptAddableUnionsRoute,
  deptReminderDoneRoute,
  deptRemindersRoute,
  orderDeptUnsignRoute,
  reminderAddRoute,
  reviewReminderDoneRoute,
  reviewRemindersRoute,
} from './department-extras.js';
import {
  exceptionHistoryRoute,
  reviewLockRoute,
  reviewUnlockRoute,
  updateCorrectionStatusRoute,
} from './exam-review.js';
import { exceptionImageRoute, uploadExceptionImageRoute } from './exception-images.js';
import { lockReportReviewRoute, unlockReportReviewRoute } from './report.js';
import {
  reportShareCreateRoute,
  reportShareListRoute,
  reportShareOpenRoute,
  reportSharePdfRoute,
  reportShareRevokeRoute,
} from './report-share.js';
import {
  reportBatchCurrentRoute,
  reportBatchFileRoute,
  reportBatchStartRoute,
  reportBatchTicketRoute,
} from './report-batch.js';
import {
  reportFileRoute,
  reportHistoryRoute,
  reportListRoute,
  reportPdfRoute,
  reportPrintedRoute,
  reportReviewRoute,
  reportSendRoute,
  reportTicketRoute,
} from './report.js';
import { TEMPLATE_SET_DEFAULT_ROUTES } from './self-template.js';
import { unlockAccountRoute, userSimpleListRoute } from './user.js';
import {
  accountOptionsRoute,
  changePasswordRoute,
  resetPasswordRoute,
  signatureImageRoute,
  uploadSignatureRoute,
} from './account.js';
import {
  customerSearchRoute,
  fingerprintTemplateRoute,
  guideSheetFileRoute,
  guideSheetRoute,
  guideSheetTicketRoute,
  orderCheckInRoute,
  orderDetailRoute,
  orderSaveRoute,
  orderUpdateUnionsRoute,
  registrationSettingsRoute,
  packageListRoute,
  saveFingerprintRoute,
  todayStatsRoute,
} from './registration.js';
import {
  criticalValueDeleteRoute,
  criticalValueExportRoute,
  criticalValueHandleRoute,
  criticalValueListRoute,
  criticalValueNotifyRoute,
  criticalValueReportRoute,
  criticalValueTodayRoute,
} from './critical-value.js';
import {
  deptQueueRoute,
  queueAddRoute,
  queueCallNextRoute,
  queueFinishRoute,
  queueOverviewRoute,
  queuePassRoute,
  queuePriorityRoute,
  queueRecallRoute,
  queueRemoveRoute,
} from './queue.js';
import { dataMonitorRoute } from './data-monitor.js';
import {
  selfPrintFindExamineeRoute,
  selfPrintMarkPrintedRoute,
  selfPrintReportListRoute,
  selfPrintReportPdfRoute,
} from './selfprint.js';
import { queueDisplaySnapshotRoute, queueDisplayStreamRoute } from './queue-display.js';
import {
  reviewAssignRoute,
  reviewAutoAssignRoute,
  reviewUnassignRoute,
  reviewWorklistRoute,
  reviewerListRoute,
  tallySheetRoute,
} from './review-worklist.js';
import {
  handleExceptionRoute,
  recallAbnormalRoute,
  reviewDetailRoute,
  reviewPassRoute,
  reviewReturnRoute,
  reviewSaveRoute,
  reviewSearchDiagnosisRoute,
  setReviewExceptionRoute,
} from './review-detail.js';
import { REVIEW_CONCLUSION_ROUTES } from './review-conclusion-grid.js';
import { ROLE_ROUTES } from './cfg/role.js';
import { FEEDBACK_ROUTES } from './crm/feedback.js';
import { BREAKFAST_ROUTES } from './crm/breakfast.js';
import { GROUP_REGISTER_ROUTES } from './crm/group-register.js';
import { EXAM_CARD_ROUTES } from './crm/exam-card.js';
import { RECONCILIATION_ROUTES } from './finance/reconciliation.js';
import { BANK_RECEIPT_ROUTES } from './finance/bank-receipts.js';
import { BI_ROUTES } from './bi/index.js';
import { INVOICE_ROUTES } from './finance/invoices.js';
import { CASHIER_ROUTES } from './finance/cashier.js';
import { DAY_END_ROUTES } from './finance/day-end.js';
import { SETTLEMENT_ROUTES } from './finance/settlement.js';
import { CUSTOMER_ARCHIVE_ROUTES } from './crm/customer-archive.js';
import { SCHEDULE_SLOT_ROUTES } from './crm/exam-schedule.js';
import { EXAM_BOOKING_ROUTES } from './crm/exam-booking.js';
import { GROUP_ORDER_MOVE_ROUTES, groupOrderOptionsRoute } from './crm/group-order.js';
import { cmpQuoteExportRoute, cmpQuoteRoute } from './crm/group-price.js';
import { GROUP_LIST_ROUTES } from './crm/group-list-import.js';

/** Every call of the contract, for the API documentation and the gateway's policies. */
export const contractRoutes: readonly RouteDescriptor[] = [
  publicKeyRoute,
  loginRoute,
  logoutRoute,
  userInfoRoute,
  versionRoute,
  addLogRoute,
  gatewayCacheStatusRoute,
  gatewayCacheClearRoute,
  parameterListRoute,
  saveParameterRoute,
  printConfigRoute,
  savePrintDefaultsRoute,
  workstationListRoute,
  nameWorkstationRoute,
  saveWorkstationRoute,
  removeWorkstationRoute,
  cardReaderSettingsRoute,
  getParameterRoute,
  userSimpleListRoute,
  // 账号管理 and 修改密码 (issue 21).
  unlockAccountRoute,
  resetPasswordRoute,
  changePasswordRoute,
  accountOptionsRoute,
  uploadSignatureRoute,
  signatureImageRoute,
  unionListByKeyRoute,
  dataByCodeRoute,
  globalConfigRoute,
  sysItemsRoute,
  companySearchDataRoute,
  setServiceTypeRoute,
  orderListRoute,
  orderChangeStatusRoute,
  deptWorklistRoute,
  deptLockRoute,
  deptUnlockRoute,
  deptDiagnosisListRoute,
  matchDiagByUnionRoute,
  diagnosisUnionSaveRoute,
  orderDeptSignRoute,
  orderImagingDeptSignRoute,
  exceptionHistoryRoute,
  reviewLockRoute,
  reviewUnlockRoute,
  updateCorrectionStatusRoute,
  uploadExceptionImageRoute,
  exceptionImageRoute,
  lockReportReviewRoute,
  unlockReportReviewRoute,
  reportListRoute,
  reportPdfRoute,
  reportTicketRoute,
  reportFileRoute,
  reportPrintedRoute,
  reportHistoryRoute,
  reportReviewRoute,
  reportSendRoute,
  reportShareCreateRoute,
  reportShareListRoute,
  reportShareRevokeRoute,
  reportShareOpenRoute,
  reportSharePdfRoute,
  reportBatchStartRoute,
  reportBatchCurrentRoute,
  reportBatchTicketRoute,
  reportBatchFileRoute,
  myDeptsRoute,
  searchDiagnosisRoute,
  setDeptExceptionRoute,
  batchNormalSaveRoute,
  orderDeptUnsignRoute,
  deptAddableUnionsRoute,
  deptAddUnionRoute,
  reminderAddRoute,
  deptRemindersRoute,
  deptReminderDoneRoute,
  reviewRemindersRoute,
  reviewReminderDoneRoute,
  criticalValueListRoute,
  criticalValueNotifyRoute,
  criticalValueHandleRoute,
  criticalValueDeleteRoute,
  criticalValueExportRoute,
  criticalValueReportRoute,
  criticalValueTodayRoute,
  deptQueueRoute,
  queueOverviewRoute,
  queueCallNextRoute,
  queueRecallRoute,
  queuePassRoute,
  queueFinishRoute,
  queueAddRoute,
  queueRemoveRoute,
  queuePriorityRoute,
  dataMonitorRoute,
  reviewWorklistRoute,
  reviewerListRoute,
  reviewAssignRoute,
  reviewAutoAssignRoute,
  reviewUnassignRoute,
  tallySheetRoute,
  reviewDetailRoute,
  reviewSaveRoute,
  reviewPassRoute,
  reviewReturnRoute,
  setReviewExceptionRoute,
  handleExceptionRoute,
  recallAbnormalRoute,
  reviewSearchDiagnosisRoute,
  packageListRoute,
  customerSearchRoute,
  orderSaveRoute,
  orderUpdateUnionsRoute,
  registrationSettingsRoute,
  orderDetailRoute,
  orderCheckInRoute,
  guideSheetRoute,
  guideSheetTicketRoute,
  guideSheetFileRoute,
  todayStatsRoute,
  saveFingerprintRoute,
  fingerprintTemplateRoute,
  selfPrintFindExamineeRoute,
  selfPrintReportListRoute,
  selfPrintReportPdfRoute,
  selfPrintMarkPrintedRoute,
  queueDisplaySnapshotRoute,
  queueDisplayStreamRoute,
  ...RESOURCES.flatMap((resource) => resource.descriptors),
  ...Object.values(TEMPLATE_SET_DEFAULT_ROUTES),
  hisStatusRoute,
  hisChangeHandleRoute,
  execOrderLinesRoute,
  execChangeRoute,
  execWaiveSignedRoute,
  execSignatureRoute,
  execListRoute,
  sheetRecycleRoute,
  recycledListRoute,
  ...DESK_FLOW_ROUTES,
  ...REVIEW_CONCLUSION_ROUTES,
  ...REPORT_LOGISTICS_ROUTES,
  ...REVIEW_MG_ROUTES,
  clearServerOpLogRoute,
  ...MANAGEMENT_DATA_ROUTES,
  ...ROLE_ROUTES,
  ...FEEDBACK_ROUTES,
  ...BREAKFAST_ROUTES,
  ...EXAM_CARD_ROUTES,
  ...CASHIER_ROUTES,
  ...DAY_END_ROUTES,
  ...SETTLEMENT_ROUTES,
  ...CUSTOMER_ARCHIVE_ROUTES,
  ...SCHEDULE_SLOT_ROUTES,
  ...EXAM_BOOKING_ROUTES,
  ...MENU_SETTINGS_ROUTES,
  ...FUNCTION_INTRO_ROUTES,
  ...SYSTEM_REGISTER_ROUTES,
  ...INTERFACE_ERROR_ROUTES,
  ...CRM_SMS_ROUTES,
  ...GROUP_REGISTER_ROUTES,
  ...GROUP_ORDER_MOVE_ROUTES,
  groupOrderOptionsRoute,
  cmpQuoteRoute,
  cmpQuoteExportRoute,
  ...GROUP_LIST_ROUTES,
  ...RECONCILIATION_ROUTES,
  ...BANK_RECEIPT_ROUTES,
  ...INVOICE_ROUTES,
  ...BI_ROUTES,
];
