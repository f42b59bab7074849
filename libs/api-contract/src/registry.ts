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
import { RESOURCES } from './resources.js';
import { hisChangeHandleRoute, hisStatusRoute } from './exam-cfg/his-sync.js';
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
  exceptionHistoryRoute,
  reviewLockRoute,
  reviewUnlockRoute,
  updateCorrectionStatusRoute,
} from './exam-review.js';
import { exceptionImageRoute, uploadExceptionImageRoute } from './exception-images.js';
import { lockReportReviewRoute, unlockReportReviewRoute } from './report.js';
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
import { userSimpleListRoute } from './user.js';
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
  packageListRoute,
  saveFingerprintRoute,
  todayStatsRoute,
} from './registration.js';
import { criticalValueHandleRoute, criticalValueListRoute, criticalValueNotifyRoute } from './critical-value.js';
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
  myDeptsRoute,
  searchDiagnosisRoute,
  setDeptExceptionRoute,
  batchNormalSaveRoute,
  criticalValueListRoute,
  criticalValueNotifyRoute,
  criticalValueHandleRoute,
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
];
