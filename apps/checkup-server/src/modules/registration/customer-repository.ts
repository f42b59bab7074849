import { desc, eq, max, sql } from 'drizzle-orm';
import { ageInYears, maskIdNumber, type CustomerMatch, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { customers, orders } from '../../db/schema.js';
import { keyCondition } from '../orders/order-repository.js';
import type { PersonalData } from '../people/personal-data.js';
import { parseSearchKey } from '../people/search-key.js';
import { todayCst } from '../../lib/hospital-day.js';

const SEARCH_LIMIT = 20;

/**
 * Examinees matching an ID number, a phone or a name prefix (people/search-key.ts), the latest visit
 * first. A confidential person is shown to a user who may not see them only as a restricted row
 * (spec §5).
 */
export async function searchCustomers(
  db: Db,
  personalData: PersonalData,
  key: string,
  user: UserInfo,
): Promise<CustomerMatch[]> {
  const rows = await db
    .select({ customer: customers, lastExamDate: max(orders.examDate) })
    .from(customers)
    .leftJoin(orders, eq(orders.customerId, customers.id))
    .where(keyCondition(parseSearchKey(key, personalData)))
    .groupBy(customers.id)
    .orderBy(desc(sql`max(${orders.examDate})`), desc(customers.id))
    .limit(SEARCH_LIMIT);
  const today = todayCst();
  return rows.map(({ customer: c, lastExamDate }) => {
    const restricted = c.specialFlag === '1' && user.special_flag !== '1';
    const { idCard, phone } = personalData.openIdentity(c);
    return {
      id: c.id,
      cust_name: restricted ? '***' : c.custName,
      sex: c.sex,
      birthday: restricted ? '' : c.birthday,
      age: ageInYears(c.birthday, today),
      cust_id_card_masked: idCard && maskIdNumber(idCard),
      cust_id_card: restricted ? null : idCard,
      phone: restricted ? null : phone,
      nation: restricted ? null : c.nation,
      address: restricted ? null : c.address,
      special_flag: c.specialFlag,
      restricted,
      last_exam_date: lastExamDate,
    };
  });
}

export async function findCustomer(db: Db, customerId: number) {
  const [row] = await db
    .select({
      id: customers.id,
      specialFlag: customers.specialFlag,
      template: customers.fingerprintTemplate,
      collectedAt: customers.fingerprintCollectionTime,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

export async function saveFingerprint(db: Db, customerId: number, template: string): Promise<Date> {
  const collectedAt = new Date();
  await db
    .update(customers)
    .set({ fingerprintTemplate: template, fingerprintCollectionTime: collectedAt })
    .where(eq(customers.id, customerId));
  return collectedAt;
}

/** The examinee already registered under an ID number, for the confidential check before re-registering. */
export async function findCustomerByIdCard(db: Db, personalData: PersonalData, idCard: string) {
  const [row] = await db
    .select({ customerId: customers.id, specialFlag: customers.specialFlag })
    .from(customers)
    .where(eq(customers.custIdCardHash, personalData.idCardLookup(idCard)))
    .limit(1);
  return row;
}
