import { and, asc, getTableColumns, gt, isNotNull, notLike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  companies,
  customers,
  examBookings,
  examCards,
  groupPersons,
  reportDeliveries,
  reportHandovers,
  reportNotices,
  smsMessages,
} from '../../db/schema.js';
import { keyIdOf, sealedPrefix, type PersonalData, type SealedColumn } from './personal-data.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Row = Record<string, string | null>;

/** Rows per transaction: a crash loses at most one batch's work, which the next run redoes. */
const BATCH = 1000;

/** One table's rewrite: which rows are still to do, what is read of them, what is written back. */
interface Rewrite {
  table: PgTable;
  id: PgColumn;
  pending: SQL;
  read: Record<string, PgColumn>;
  /** The new values by the schema's property names. */
  write: (row: Row & { id: number }) => Record<string, string | null>;
}

/** `update … from unnest(…)`: one statement per batch instead of one per row. */
async function updateById(tx: Tx, { table, id }: Rewrite, rows: { id: number; values: Record<string, unknown> }[]) {
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]!.values);
  const arrays = [
    sql`${sql.param(rows.map((r) => r.id))}::int[]`,
    ...keys.map(
      (key) => sql`${sql.param(rows.map((r) => r.values[key] ?? null))}::${sql.raw(`${columns[key]!.getSQLType()}[]`)}`,
    ),
  ];
  const aliases = keys.map((_, i) => sql.identifier(`v${i}`));
  const sets = keys.map((key, i) => sql`${sql.identifier(columns[key]!.name)} = v.${aliases[i]}`);
  await tx.execute(
    sql`update ${table} set ${sql.join(sets, sql`, `)}
        from unnest(${sql.join(arrays, sql`, `)}) as v(id, ${sql.join(aliases, sql`, `)})
        where ${id} = v.id`,
  );
}

/**
 * Runs a rewrite a batch at a time, each batch in its own transaction, its rows locked and skipped
 * by a second instance doing the same; answers the rows rewritten.
 */
async function rewriteAll(db: Db, rewrite: Rewrite): Promise<number> {
  let after = 0;
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = (await tx
        .select({ id: rewrite.id, ...rewrite.read })
        .from(rewrite.table)
        .where(and(rewrite.pending, gt(rewrite.id, after)))
        .orderBy(asc(rewrite.id))
        .limit(BATCH)
        .for('update', { skipLocked: true })) as (Row & { id: number })[];
      if (rows.length > 0)
        await updateById(
          tx,
          rewrite,
          rows.map((row) => ({ id: row.id, values: rewrite.write(row) })),
        );
      after = rows.at(-1)?.id ?? after;
      return rows.length;
    });
    if (done === 0) return total;
    total += done;
  }
}

export interface RewriteCount {
  customers: number;
  companies: number;
  reportDeliveries: number;
  /** Issue 20's phones (never stored in plain text, so only re-sealed). */
  reportHandovers?: number;
  reportNotices?: number;
  smsMessages?: number;
  /** Issue 22's card buyers' phones. */
  examCards?: number;
  /** Issue 22's imported lists (group_persons), sealed under the customers' column names. */
  groupPersons?: number;
  /** Issue 22's bookings (exam_bookings), sealed under the customers' column names. */
  examBookings?: number;
}

/**
 * Seals what versions before migration 0010 stored in plain text, then clears it (issue 17 §2). Run at
 * every start, idempotently: only rows still holding plain text are read. SQL could not do it: the key
 * never reaches the database.
 */
export async function sealPlainPersonalData(db: Db, personalData: PersonalData): Promise<RewriteCount> {
  const count = {
    customers: await rewriteAll(db, {
      table: customers,
      id: customers.id,
      pending: or(isNotNull(customers.legacyIdCard), isNotNull(customers.legacyPhone))!,
      read: { idCard: customers.legacyIdCard, phone: customers.legacyPhone },
      write: (row) => ({
        ...personalData.sealIdentity({ idCard: row.idCard, phone: row.phone }),
        legacyIdCard: null,
        legacyPhone: null,
      }),
    }),
    companies: await rewriteAll(db, {
      table: companies,
      id: companies.id,
      pending: isNotNull(companies.legacyContactPhone),
      read: { phone: companies.legacyContactPhone },
      write: (row) => ({
        contactPhoneEnc: personalData.sealOrNull('companies.contact_phone', row.phone),
        legacyContactPhone: null,
      }),
    }),
    reportDeliveries: await rewriteAll(db, {
      table: reportDeliveries,
      id: reportDeliveries.id,
      pending: isNotNull(reportDeliveries.legacyDestination),
      read: { destination: reportDeliveries.legacyDestination },
      write: (row) => ({
        destinationEnc: personalData.sealOrNull('report_deliveries.destination', row.destination),
        legacyDestination: null,
      }),
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
  and(isNotNull(column), notLike(column, `${sealedPrefix(keyId)}%`))!;

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
  const reseal = (column: SealedColumn, row: Row & { id: number }, key: string) =>
    next.sealOrNull(column, open(column, row[key] ?? null, row.id));
  return {
    customers: await rewriteAll(db, {
      table: customers,
      id: customers.id,
      pending: or(notUnder(customers.custIdCardEnc, next.keyId), notUnder(customers.phoneEnc, next.keyId))!,
      read: { idCard: customers.custIdCardEnc, phone: customers.phoneEnc },
      write: (row) => ({
        ...next.sealIdentity({
          idCard: open('customers.cust_id_card', row.idCard ?? null, row.id),
          phone: open('customers.phone', row.phone ?? null, row.id),
        }),
      }),
    }),
    companies: await rewriteAll(db, {
      table: companies,
      id: companies.id,
      pending: notUnder(companies.contactPhoneEnc, next.keyId),
      read: { phone: companies.contactPhoneEnc },
      write: (row) => ({ contactPhoneEnc: reseal('companies.contact_phone', row, 'phone') }),
    }),
    reportDeliveries: await rewriteAll(db, {
      table: reportDeliveries,
      id: reportDeliveries.id,
      pending: notUnder(reportDeliveries.destinationEnc, next.keyId),
      read: { destination: reportDeliveries.destinationEnc },
      write: (row) => ({ destinationEnc: reseal('report_deliveries.destination', row, 'destination') }),
    }),
    reportHandovers: await rewriteAll(db, {
      table: reportHandovers,
      id: reportHandovers.id,
      pending: notUnder(reportHandovers.pickupPhoneEnc, next.keyId),
      read: { phone: reportHandovers.pickupPhoneEnc },
      write: (row) => ({ pickupPhoneEnc: reseal('report_handovers.pickup_phone', row, 'phone') }),
    }),
    reportNotices: await rewriteAll(db, {
      table: reportNotices,
      id: reportNotices.id,
      pending: notUnder(reportNotices.phoneEnc, next.keyId),
      read: { phone: reportNotices.phoneEnc },
      write: (row) => ({ phoneEnc: reseal('report_notices.phone', row, 'phone') }),
    }),
    smsMessages: await rewriteAll(db, {
      table: smsMessages,
      id: smsMessages.id,
      pending: notUnder(smsMessages.phoneEnc, next.keyId),
      read: { phone: smsMessages.phoneEnc },
      write: (row) => ({ phoneEnc: reseal('sms_messages.phone', row, 'phone')! }),
    }),
    examCards: await rewriteAll(db, {
      table: examCards,
      id: examCards.id,
      pending: notUnder(examCards.buyerPhoneEnc, next.keyId),
      read: { phone: examCards.buyerPhoneEnc },
      write: (row) => {
        const phone = open('exam_cards.buyer_phone', row.phone ?? null, row.id);
        return {
          buyerPhoneEnc: next.sealOrNull('exam_cards.buyer_phone', phone),
          buyerPhoneHash: phone ? next.phoneLookup(phone) : null,
        };
      },
    }),
    examBookings: await rewriteAll(db, {
      table: examBookings,
      id: examBookings.id,
      pending: or(notUnder(examBookings.custIdCardEnc, next.keyId), notUnder(examBookings.phoneEnc, next.keyId))!,
      read: { idCard: examBookings.custIdCardEnc, phone: examBookings.phoneEnc },
      write: (row) => {
        const sealed = next.sealIdentity({
          idCard: open('customers.cust_id_card', row.idCard ?? null, row.id),
          phone: open('customers.phone', row.phone ?? null, row.id),
        });
        return {
          custIdCardEnc: sealed.custIdCardEnc,
          custIdCardHash: sealed.custIdCardHash,
          phoneEnc: sealed.phoneEnc,
          phoneHash: sealed.phoneHash,
        };
      },
    }),
    groupPersons: await rewriteAll(db, {
      table: groupPersons,
      id: groupPersons.id,
      pending: or(notUnder(groupPersons.custIdCardEnc, next.keyId), notUnder(groupPersons.phoneEnc, next.keyId))!,
      read: { idCard: groupPersons.custIdCardEnc, phone: groupPersons.phoneEnc },
      write: (row) => {
        const sealed = next.sealIdentity({
          idCard: open('customers.cust_id_card', row.idCard ?? null, row.id),
          phone: open('customers.phone', row.phone ?? null, row.id),
        });
        return {
          custIdCardEnc: sealed.custIdCardEnc,
          custIdCardHash: sealed.custIdCardHash,
          phoneEnc: sealed.phoneEnc,
        };
      },
    }),
  };
}
