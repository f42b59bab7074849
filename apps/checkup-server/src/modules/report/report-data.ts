import { and, asc, eq } from 'drizzle-orm';
import { ageInYears, type AbnormalFlag } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  companies,
  customers,
  departments,
  deptSummaries,
  examItems,
  itemResults,
  orderDepts,
  orderDiagnoses,
  orders,
  packages,
  reviews,
  unions,
} from '../../db/schema.js';
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
  /** The chief examiner's overall list (dept_id null). */
  diagnoses: { name: string; advice: string }[];
  /** The passing review of each step, latest first within a step. */
  signatures: { step: string; reviewerName: string; signedAt: Date }[];
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

  const [deptRows, resultRows, summaryRows, diagnosisRows, reviewRows] = await Promise.all([
    db
      .select({ deptId: departments.id, deptName: departments.deptName })
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
    db
      .select({ deptId: orderDiagnoses.deptId, name: orderDiagnoses.diagName, advice: orderDiagnoses.advice })
      .from(orderDiagnoses)
      .where(eq(orderDiagnoses.orderId, orderId))
      .orderBy(asc(orderDiagnoses.sort), asc(orderDiagnoses.id)),
    db
      .select({ step: reviews.step, reviewerName: reviews.reviewerName, signedAt: reviews.createdAt })
      .from(reviews)
      .where(and(eq(reviews.orderId, orderId), eq(reviews.result, 'pass')))
      .orderBy(asc(reviews.createdAt), asc(reviews.id)),
  ]);

  const depts = deptRows.map((d): ReportDept => ({
    ...d,
    results: resultRows
      .filter((r) => r.deptId === d.deptId)
      .map((r) => ({ ...r, flag: (FLAGS.has(r.flag) ? r.flag : 'A') as AbnormalFlag })),
    summaries: summaryRows.filter((s) => s.deptId === d.deptId).map((s) => s.content),
    diagnoses: diagnosisRows.filter((g) => g.deptId === d.deptId).map(({ name, advice }) => ({ name, advice })),
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
    diagnoses: diagnosisRows.filter((g) => g.deptId === null).map(({ name, advice }) => ({ name, advice })),
    signatures: [...latestByStep.values()],
  };
}

/** Whether a visit at this status has a report to print: its final review passed (issue 8). */
export const isReportReady = (status: string) => ['final_trial', 'report_printed', 'report_sent'].includes(status);
