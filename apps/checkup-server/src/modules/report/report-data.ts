import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  NOT_EXAMINED,
  UNION_EXEC,
  ageInYears,
  deferredReportLabel,
  unionExecLabel,
  type AbnormalFlag,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  companies,
  customers,
  departments,
  deptSummaries,
  examItems,
  itemResults,
  orderDepts,
  orderUnions,
  orders,
  packages,
  reviews,
  storedFiles,
  unions,
  users,
} from '../../db/schema.js';
import { conclusionRows, topLevel } from '../exam-review/conclusion-repository.js';
import type { PersonalData } from '../people/personal-data.js';

export interface ReportResult {
  unionName: string;
  itemName: string;
  value: string;
  unit: string | null;
  refRange: string | null;
  flag: AbnormalFlag;
}

export interface ReportDept {
  deptId: number;
  deptName: string;
  results: ReportResult[];
  /** Lines not examined (弃检, 拒检, 迟检 with its day): listed as such, not left blank (issue 19). */
  notExamined: { unionName: string; label: string }[];
  summaries: string[];
  diagnoses: { name: string; advice: string }[];
}

/** Everything printed on one visit's report, read in one place. */
export interface ReportData {
  orderId: string;
  status: string;
  examDate: string;
  examType: string;
  custName: string;
  sex: '1' | '2';
  age: number;
  idCard: string | null;
  specialFlag: string;
  packageName: string | null;
  companyName: string | null;
  conclusion: string | null;
  advice: string | null;
  depts: ReportDept[];
  /**
   * The conclusions as 总检's grid orders them (issue 20): the departments' and 总检's own, a merged
   * one in place of its parts, those hidden from the report left out. groupAdvice is for 团体报告.
   */
  diagnoses: { name: string; advice: string; groupAdvice: string }[];
  /**
   * The passing review of each step, latest first within a step, with the reviewer's signature image
   * (账号管理) as a data URL when the account has one.
   */
  signatures: { step: string; reviewerName: string; signedAt: Date; signatureImage: string | null }[];
}

const FLAGS: ReadonlySet<string> = new Set(['', 'H', 'L', 'A']);

export async function readReportData(db: Db, personalData: PersonalData, orderId: string): Promise<ReportData | null> {
  const [order] = await db
    .select({
      orderId: orders.orderId,
      status: orders.status,
      examDate: orders.examDate,
      examType: orders.examType,
      conclusion: orders.conclusion,
      advice: orders.advice,
      custName: customers.custName,
      sex: customers.sex,
      birthday: customers.birthday,
      idCardEnc: customers.custIdCardEnc,
      specialFlag: customers.specialFlag,
      packageName: packages.packageName,
      companyName: companies.companyName,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .where(eq(orders.orderId, orderId));
  if (!order) return null;

  const [deptRows, resultRows, summaryRows, diagnosisRows, reviewRows, skippedRows] = await Promise.all([
    db
      .select({ deptId: departments.id, deptName: departments.deptName, deptSort: departments.sort })
      .from(orderDepts)
      .innerJoin(departments, eq(departments.id, orderDepts.deptId))
      .where(eq(orderDepts.orderId, orderId))
      .orderBy(asc(departments.sort), asc(departments.id)),
    db
      .select({
        deptId: itemResults.deptId,
        unionName: unions.unionName,
        itemName: examItems.itemName,
        value: itemResults.resultValue,
        unit: itemResults.unit,
        refRange: itemResults.refRange,
        flag: itemResults.abnormalFlag,
      })
      .from(itemResults)
      .innerJoin(examItems, eq(examItems.id, itemResults.itemId))
      .innerJoin(unions, eq(unions.id, itemResults.unionId))
      .where(eq(itemResults.orderId, orderId))
      .orderBy(asc(unions.sort), asc(unions.id), asc(examItems.sort), asc(examItems.id)),
    db
      .select({ deptId: deptSummaries.deptId, content: deptSummaries.summaryContent })
      .from(deptSummaries)
      .where(eq(deptSummaries.orderId, orderId))
      .orderBy(asc(deptSummaries.summaryOrderBy), asc(deptSummaries.id)),
    conclusionRows(db, orderId),
    db
      .select({
        step: reviews.step,
        reviewerName: reviews.reviewerName,
        signedAt: reviews.createdAt,
        imageType: storedFiles.contentType,
        image: storedFiles.content,
      })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.reviewerId))
      .leftJoin(storedFiles, and(eq(storedFiles.id, users.signatureFileId), eq(storedFiles.purpose, 'signature')))
      .where(and(eq(reviews.orderId, orderId), eq(reviews.result, 'pass')))
      .orderBy(asc(reviews.createdAt), asc(reviews.id)),
    db
      .select({
        deptId: departments.id,
        deptName: departments.deptName,
        deptSort: departments.sort,
        unionName: unions.unionName,
        state: orderUnions.status,
        execDate: orderUnions.execDate,
      })
      .from(orderUnions)
      .innerJoin(unions, eq(unions.id, orderUnions.unionId))
      .innerJoin(departments, eq(departments.id, orderUnions.deptId))
      .where(and(eq(orderUnions.orderId, orderId), inArray(orderUnions.status, [...NOT_EXAMINED])))
      .orderBy(asc(unions.sort), asc(unions.id)),
  ]);
  // A department whose every line was waived no longer has its order_depts row; it is still reported.
  const reported = [...deptRows];
  for (const row of skippedRows) {
    if (!reported.some((d) => d.deptId === row.deptId)) {
      reported.push({ deptId: row.deptId, deptName: row.deptName, deptSort: row.deptSort });
    }
  }
  reported.sort((a, b) => a.deptSort - b.deptSort || a.deptId - b.deptId);
  const depts = reported.map(({ deptId, deptName }): ReportDept => ({
    deptId,
    deptName,
    notExamined: skippedRows
      .filter((r) => r.deptId === deptId)
      .map((r) => ({
        unionName: r.unionName,
        // Issue 20: a deferred line still open when 总检 went ahead (0030 allows it) is 未检 in the report.
        label: r.state === UNION_EXEC.deferred ? deferredReportLabel(r.execDate) : unionExecLabel(r.state),
      })),
    results: resultRows
      .filter((r) => r.deptId === deptId)
      .map((r) => ({ ...r, flag: (FLAGS.has(r.flag) ? r.flag : 'A') as AbnormalFlag })),
    summaries: summaryRows.filter((s) => s.deptId === deptId).map((s) => s.content),
    // A department's own diagnoses, less those 总检 hid from the report.
    diagnoses: diagnosisRows
      .filter((g) => g.deptId === deptId && !g.hidden)
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map(({ diagName, advice }) => ({ name: diagName, advice })),
  }));
  // A step passed again after a return counts once: its latest pass signs the report.
  const latestByStep = new Map(reviewRows.map((r) => [r.step, r]));
  return {
    orderId: order.orderId,
    status: order.status,
    examDate: order.examDate,
    examType: order.examType,
    custName: order.custName,
    sex: order.sex,
    age: ageInYears(order.birthday, order.examDate),
    idCard: personalData.openOrNull('customers.cust_id_card', order.idCardEnc),
    specialFlag: order.specialFlag,
    packageName: order.packageName,
    companyName: order.companyName,
    conclusion: order.conclusion,
    advice: order.advice,
    depts,
    diagnoses: topLevel(diagnosisRows)
      .filter((g) => !g.hidden)
      .map(({ diagName, advice, groupAdvice }) => ({ name: diagName, advice, groupAdvice })),
    signatures: [...latestByStep.values()].map(({ step, reviewerName, signedAt, imageType, image }) => ({
      step,
      reviewerName,
      signedAt,
      signatureImage: image && imageType ? `data:${imageType};base64,${Buffer.from(image).toString('base64')}` : null,
    })),
  };
}

/** Whether a visit at this status has a report to print: its final review passed (issue 8). */
export const isReportReady = (status: string) => ['final_trial', 'report_printed', 'report_sent'].includes(status);
