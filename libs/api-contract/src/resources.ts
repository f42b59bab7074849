import type { AnyResource } from './resource/define-resource.js';
import { departmentResource } from './exam-cfg/department.js';
import { diagnosisResource } from './exam-cfg/diagnosis.js';
import { examItemResource } from './exam-cfg/exam-item.js';
import { packageResource, unionResource } from './exam-cfg/union.js';
import { workGroupResource } from './exam-cfg/work-group.js';
import { frontLogResource } from './logfront.js';
import { bizOperationLogResource, sysOperationLogResource } from './operation-log.js';
import { diagnosisDetailResource } from './exam-cfg/diagnosis-detail.js';
import { diagnosisItemResource } from './exam-cfg/diagnosis-item.js';
import { diagnosisMergeResource } from './exam-cfg/diagnosis-merge.js';
import { healthGuidanceResource } from './exam-cfg/health-guidance.js';
import { dictDataResource, dictRefResource, dictTypeResource } from './exam-cfg/dictionary.js';
import { harmFactorResource } from './exam-cfg/harm-factor.js';
import { applicationTypeResource } from './exam-cfg/application-type.js';
import { codeTableResource } from './exam-cfg/code-table.js';
import { consumableResource } from './exam-cfg/consumable.js';
import { feedbackResource } from './crm/feedback.js';
import { cardBatchResource, cardTypeResource, examCardResource } from './crm/exam-card.js';
import { reconBatchResource } from './finance/reconciliation.js';
import { bankReceiptResource } from './finance/bank-receipts.js';
import { groupOrderResource } from './crm/group-order.js';
import { groupPriceResource } from './crm/group-price.js';
import { invoiceApplicationResource, invoiceRangeResource, invoiceResource } from './finance/invoices.js';
import { msgTemplateResource } from './exam-cfg/msg-template.js';
import { tableSettingResource } from './exam-cfg/table-setting.js';
import { TEMPLATE_RESOURCES } from './self-template.js';
import { usClassifyResource, usItemResource, usSignResource } from './exam-cfg/ultrasound.js';
import { questionnaireResource, questionResource } from './exam-cfg/questionnaire.js';
import { hisChangeResource, hisMessageResource } from './exam-cfg/his-sync.js';
import { reportCabinetResource } from './report-logistics.js';
import { reviewPlanResource } from './review-mg.js';
import { accountResource } from './account.js';
import { loginLogResource, serverOpLogResource } from './backend-log.js';
import { jobResource, noticeResource } from './management-data.js';
import { roleResource } from './cfg/role.js';
import { functionIntroResource } from './function-intro.js';
import { branchResource } from './system-register.js';
import { appVersionResource, versionEntryResource } from './version-log.js';
import { interfaceErrorResource } from './interface-error.js';
import { smsMessageResource } from './crm-sms.js';
import { groupPersonResource, groupRegisterResource } from './crm/group-register.js';

/** Every resource of the contract (issue 18): the registry lists their descriptors, the tests walk them. */
export const RESOURCES: readonly AnyResource[] = [
  departmentResource,
  workGroupResource,
  examItemResource,
  unionResource,
  packageResource,
  diagnosisResource,
  // 系统设置's logs: read-only resources.
  frontLogResource,
  sysOperationLogResource,
  bizOperationLogResource,
  // 体检配置's clinical screens around the diagnosis dictionary.
  diagnosisDetailResource,
  diagnosisMergeResource,
  diagnosisItemResource,
  healthGuidanceResource,
  dictTypeResource,
  dictDataResource,
  dictRefResource,
  harmFactorResource,
  applicationTypeResource,
  codeTableResource,
  consumableResource,
  msgTemplateResource,
  tableSettingResource,
  ...Object.values(TEMPLATE_RESOURCES),
  usClassifyResource,
  usItemResource,
  usSignResource,
  questionnaireResource,
  questionResource,
  hisMessageResource,
  hisChangeResource,
  reportCabinetResource,
  // 复查管理's list of re-exams.
  reviewPlanResource,
  // 系统设置's 账号管理.
  accountResource,
  // 后端日志 and 数据管理 (issue 21).
  serverOpLogResource,
  loginLogResource,
  jobResource,
  noticeResource,
  // 系统设置's 角色管理.
  roleResource,
  functionIntroResource,
  // 系统注册, 版本日志 and 接口错误日志.
  branchResource,
  appVersionResource,
  versionEntryResource,
  interfaceErrorResource,
  smsMessageResource,
  // 客户管理's 意见反馈.
  feedbackResource,
  // 客户管理's 团检登记名单 and 团检人员.
  groupRegisterResource,
  groupPersonResource,
  // 客户管理's 体检卡.
  cardTypeResource,
  cardBatchResource,
  examCardResource,
  // 客户管理's 团检单位 and 团检报价 (issue 22).
  groupOrderResource,
  groupPriceResource,
  // 财务管理's 对账 and 财务到账匹配 (issue 23).
  reconBatchResource,
  bankReceiptResource,
  // 财务管理's 发票 (issue 23).
  invoiceRangeResource,
  invoiceResource,
  invoiceApplicationResource,
];
