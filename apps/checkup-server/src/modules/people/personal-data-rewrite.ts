import { and, asc, eq, isNotNull, notLike, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { companies, customers, reportDeliveries } from '../../db/schema.js';
import { keyIdOf, sealedPrefix, type PersonalData, type SealedColumn } from './personal-data.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows per transaction: a crash loses at most one batch's work, which the next run redoes. */
const BATCH = 500;

/** Runs `batch` in its own transaction until it finds nothing left to do; answers the rows done. */
async function inBatches(db: Db, batch: (tx: Tx) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.transaction(batch);
    if (done === 0) return total;
    total += done;
  }
}

export interface RewriteCount {
  customers: number;
  companies: number;
  reportDeliveries: number;
}

/**
 * Seals what versions before migration 0009 stored in plain text, then clears it (issue 17 §2). Run at
 * every start, idempotently: rows still holding plain text are taken a batch at a time, locked and
 * skipped by a second instance starting beside this one. SQL could not do it: the key never reaches
 * the database.
 */
export async function sealPlainPersonalData(db: Db, personalData: PersonalData): Promise<RewriteCount> {
  const count = {
    customers: await inBatches(db, async (tx) => {
      const rows = await tx
        .select({ id: customers.id, idCard: customers.legacyIdCard, phone: customers.legacyPhone })
        .from(customers)
        .where(or(isNotNull(customers.legacyIdCard), isNotNull(customers.legacyPhone)))
        .orderBy(asc(customers.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const { id, ...identity } of rows) {
        const sealed = personalData.sealIdentity(identity);
        await tx
          .update(customers)
          .set({ ...sealed, legacyIdCard: null, legacyPhone: null })
          .where(eq(customers.id, id));
      }
      return rows.length;
    }),
    companies: await inBatches(db, async (tx) => {
      const rows = await tx
        .select({ id: companies.id, phone: companies.legacyContactPhone })
        .from(companies)
        .where(isNotNull(companies.legacyContactPhone))
        .orderBy(asc(companies.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const { id, phone } of rows) {
        const contactPhoneEnc = personalData.sealOrNull('companies.contact_phone', phone);
        await tx.update(companies).set({ contactPhoneEnc, legacyContactPhone: null }).where(eq(companies.id, id));
      }
      return rows.length;
    }),
    reportDeliveries: await inBatches(db, async (tx) => {
      const rows = await tx
        .select({ id: reportDeliveries.id, destination: reportDeliveries.legacyDestination })
        .from(reportDeliveries)
        .where(isNotNull(reportDeliveries.legacyDestination))
        .orderBy(asc(reportDeliveries.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const { id, destination } of rows) {
        const destinationEnc = personalData.sealOrNull('report_deliveries.destination', destination);
        await tx
          .update(reportDeliveries)
          .set({ destinationEnc, legacyDestination: null })
          .where(eq(reportDeliveries.id, id));
      }
      return rows.length;
    }),
  };
  await validatePlainTextChecks(db);
  return count;
}

const PLAIN_TEXT_CHECKS = [
  ['customers', 'customers_no_plain_identity'],
  ['companies', 'companies_no_plain_phone'],
  ['report_deliveries', 'report_deliveries_no_plain_destination'],
] as const;

/** Migration 0009 added the checks NOT VALID; once no plain value is left they hold for every row. */
async function validatePlainTextChecks(db: Db): Promise<void> {
  for (const [table, name] of PLAIN_TEXT_CHECKS) {
    const [check] = await db
      .select({ valid: sql<boolean>`convalidated` })
      .from(sql`pg_constraint`)
      .where(sql`conname = ${name}`);
    if (check && !check.valid)
      await db.execute(sql`alter table ${sql.identifier(table)} validate constraint ${sql.identifier(name)}`);
  }
}

/** Not yet sealed under `keyId`. */
const notUnder = (column: PgColumn, keyId: string) =>
  and(isNotNull(column), notLike(column, `${sealedPrefix(keyId)}%`));

/**
 * Re-seals and re-hashes every sealed value under `next` (db/rotate-data-key-cli.ts). A value is opened
 * with whichever of the two keys sealed it, so a run interrupted half-way is simply run again.
 */
export async function resealPersonalData(db: Db, from: PersonalData, next: PersonalData): Promise<RewriteCount> {
  const keys = new Map([from, next].map((k) => [k.keyId, k]));
  const open = (column: SealedColumn, sealed: string | null, rowId: number): string | null => {
    if (sealed === null) return null;
    try {
      // An unknown key id fails in open() as a tampered value does.
      return (keys.get(keyIdOf(sealed) ?? '') ?? from).open(column, sealed);
    } catch (error) {
      throw new Error(`${column} of row ${rowId} cannot be opened with either key`, { cause: error });
    }
  };
  return {
    customers: await inBatches(db, async (tx) => {
      const rows = await tx
        .select({ id: customers.id, idCard: customers.custIdCardEnc, phone: customers.phoneEnc })
        .from(customers)
        .where(or(notUnder(customers.custIdCardEnc, next.keyId), notUnder(customers.phoneEnc, next.keyId)))
        .orderBy(asc(customers.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        const sealed = next.sealIdentity({
          idCard: open('customers.cust_id_card', row.idCard, row.id),
          phone: open('customers.phone', row.phone, row.id),
        });
        await tx.update(customers).set(sealed).where(eq(customers.id, row.id));
      }
      return rows.length;
    }),
    companies: await inBatches(db, async (tx) => {
      const rows = await tx
        .select({ id: companies.id, phone: companies.contactPhoneEnc })
        .from(companies)
        .where(notUnder(companies.contactPhoneEnc, next.keyId))
        .orderBy(asc(companies.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        const contactPhoneEnc = next.sealOrNull(
          'companies.contact_phone',
          open('companies.contact_phone', row.phone, row.id),
        );
        await tx.update(companies).set({ contactPhoneEnc }).where(eq(companies.id, row.id));
      }
      return rows.length;
    }),
    reportDeliveries: await inBatches(db, async (tx) => {
      const rows = await tx
        .select({ id: reportDeliveries.id, destination: reportDeliveries.destinationEnc })
        .from(reportDeliveries)
        .where(notUnder(reportDeliveries.destinationEnc, next.keyId))
        .orderBy(asc(reportDeliveries.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        const destinationEnc = next.sealOrNull(
          'report_deliveries.destination',
          open('report_deliveries.destination', row.destination, row.id),
        );
        await tx.update(reportDeliveries).set({ destinationEnc }).where(eq(reportDeliveries.id, row.id));
      }
      return rows.length;
    }),
  };
}
