import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  AppError,
  cardBatchCreateRoute,
  cardBatchResource,
  cardFreezeRoute,
  cardItemsRoute,
  cardLedgerRoute,
  cardNextNoRoute,
  cardPayRefundRoute,
  cardPayRoute,
  cardRechargeRoute,
  cardSellRoute,
  cardTypeResource,
  cardVisitDueRoute,
  cardVoidRoute,
  examCardResource,
  moneyText,
  toFen,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { cardLedger, cardTypes, examCards, packageUnions, packages, unions } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import type { PersonalData } from '../people/personal-data.js';
import { cardBatchBinding, cardTypeBinding, examCardBinding } from './bindings.js';
import { cardPaymentRows, ledgerRows } from './card-ledger.js';
import { payWithCard, refundCardPay, visitDue } from './card-pay.js';
import { freezeCard, makeBatch, nextNumber, rechargeCard, sellCards, voidCard } from './card-service.js';

async function cardExists(db: Db, id: number) {
  const [card] = await db
    .select({ id: examCards.id, packageId: cardTypes.packageId })
    .from(examCards)
    .innerJoin(cardTypes, eq(cardTypes.id, examCards.typeId))
    .where(eq(examCards.id, id));
  if (!card) throw new AppError('RECORD_NOT_FOUND', '该体检卡不存在');
  return card;
}

/** 体检卡 (crm/exam_card_mg, issue 22): types, batches, cards, their ledger, and the desk's 卡支付. */
export async function examCardRoutes(app: FastifyInstance, opts: { db: Db; personalData: PersonalData }) {
  const { db, personalData } = opts;
  serveResource(app, db, cardTypeResource, cardTypeBinding);
  serveResource(app, db, cardBatchResource, cardBatchBinding);
  serveResource(app, db, examCardResource, examCardBinding(personalData));

  defineRoute(app, cardNextNoRoute, ({ input }) => nextNumber(db, input.type_id));
  defineRoute(app, cardBatchCreateRoute, ({ input, user, request }) => makeBatch(db, input, user, request));
  defineRoute(app, cardSellRoute, ({ input, user, request }) => sellCards(db, personalData, input, user, request));
  defineRoute(app, cardRechargeRoute, ({ input, user, request }) => rechargeCard(db, input, user, request));
  defineRoute(app, cardFreezeRoute, ({ input, user, request }) => freezeCard(db, input, user, request));
  defineRoute(app, cardVoidRoute, ({ input, user, request }) => voidCard(db, input, user, request));
  defineRoute(app, cardPayRoute, ({ input, user, request }) => payWithCard(db, input, user, request));
  defineRoute(app, cardPayRefundRoute, ({ input, user, request }) => refundCardPay(db, input, user, request));
  defineRoute(app, cardVisitDueRoute, ({ input }) => visitDue(db, input.order_id));

  defineRoute(app, cardLedgerRoute, async ({ input }) => {
    await cardExists(db, input.id);
    return {
      ledger: await ledgerRows(db, eq(cardLedger.cardId, input.id)),
      payments: await cardPaymentRows(db, input.id),
    };
  });

  defineRoute(app, cardItemsRoute, async ({ input }) => {
    const card = await cardExists(db, input.id);
    const consumption = await ledgerRows(
      db,
      and(eq(cardLedger.cardId, input.id), sql`${cardLedger.kind} in ('消费', '退款')`)!,
    );
    if (card.packageId === null) return { package_name: null, package_price: null, unions: [], consumption };
    const [pkg] = await db
      .select({ name: packages.packageName, price: packages.price })
      .from(packages)
      .where(eq(packages.id, card.packageId));
    const lines = await db
      .select({ union_id: unions.id, union_name: unions.unionName, price: unions.price })
      .from(packageUnions)
      .innerJoin(unions, eq(unions.id, packageUnions.unionId))
      .where(eq(packageUnions.packageId, card.packageId))
      .orderBy(asc(unions.sort), asc(unions.id));
    return {
      package_name: pkg?.name ?? null,
      package_price: pkg ? moneyText(toFen(pkg.price)) : null,
      unions: lines.map((l) => ({ ...l, price: moneyText(toFen(l.price)) })),
      consumption,
    };
  });
}
