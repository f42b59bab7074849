import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { cardBatches, cardLedger, cardTypes, examCards, packages, payments, users } from '../schema.js';
import type { PersonalData } from '../../modules/people/personal-data.js';
import { addDays } from './dates.js';

const BUYERS = [
  { name: '赵明华', phone: '13800000101', method: 'wechat' },
  { name: '钱晓燕', phone: '13800000102', method: 'cash' },
  { name: '孙志强', phone: '13800000103', method: 'alipay' },
  { name: '李文静', phone: '13800000104', method: 'transfer' },
  { name: '周建国', phone: '13800000105', method: 'cash' },
] as const;

/**
 * 体检卡 demo (crm/exam_card_mg): a rechargeable 储值卡 and a package card, a batch of 20 储值卡 of
 * which five are sold (one recharged, one frozen), each with its ledger. Once: nothing when 体检储值卡 exists.
 */
export async function seedDemoCards(db: Db, today: string, personalData: PersonalData): Promise<void> {
  if ((await db.$count(cardTypes, eq(cardTypes.typeName, '体检储值卡'))) > 0) return;
  await db.transaction(async (tx) => {
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.userAccount, 'admin'));
    const [pkg] = await tx
      .select({ id: packages.id, price: packages.price })
      .from(packages)
      .orderBy(asc(packages.id))
      .limit(1);
    const operatorId = admin?.id ?? null;
    const [stored] = await tx
      .insert(cardTypes)
      .values([
        { typeName: '体检储值卡', prefix: 'TJ', faceValue: '1000.00', rechargeable: true, validityDays: 730 },
        {
          typeName: '入职体检套餐卡',
          prefix: 'RZ',
          faceValue: pkg?.price ?? '300.00',
          validUntil: `${Number(today.slice(0, 4)) + 1}-12-31`,
          packageId: pkg?.id ?? null,
          remark: '绑定套餐，限本人使用一次',
        },
      ])
      .returning({ id: cardTypes.id });
    const validUntil = addDays(today, 730);
    const [batch] = await tx
      .insert(cardBatches)
      .values({
        typeId: stored!.id,
        startNo: 'TJ00000001',
        endNo: 'TJ00000020',
        cardCount: 20,
        faceValue: '1000.00',
        validUntil,
        receiver: '前台库管',
        remark: '演示批次',
        createdBy: operatorId,
      })
      .returning({ id: cardBatches.id });
    const cards = await tx
      .insert(examCards)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          cardNo: `TJ${String(i + 1).padStart(8, '0')}`,
          typeId: stored!.id,
          batchId: batch!.id,
          balance: '1000.00',
          validUntil,
        })),
      )
      .returning({ id: examCards.id });
    await tx.insert(cardLedger).values(
      cards.map((c) => ({
        cardId: c.id,
        kind: '制卡',
        amount: '1000.00',
        balanceAfter: '1000.00',
        operatorId,
        note: `批次${batch!.id}`,
      })),
    );
    for (const [i, buyer] of BUYERS.entries()) {
      const card = cards[i]!;
      await tx
        .update(examCards)
        .set({
          state: '已售',
          salePrice: '950.00',
          buyerName: buyer.name,
          buyerPhoneEnc: personalData.seal('exam_cards.buyer_phone', buyer.phone),
          buyerPhoneHash: personalData.phoneLookup(buyer.phone),
          soldBy: operatorId,
          soldAt: new Date(),
        })
        .where(eq(examCards.id, card.id));
      await tx.insert(cardLedger).values({
        cardId: card.id,
        kind: '售卡',
        amount: '0',
        balanceAfter: '1000.00',
        operatorId,
        note: '售价¥950.00',
      });
      await tx.insert(payments).values({
        cardId: card.id,
        purpose: 'card_sale',
        amount: '950.00',
        payMethod: buyer.method,
        operatorId,
        note: `售卡 TJ${String(i + 1).padStart(8, '0')} 共1张`,
      });
    }
    // The first sold card was recharged ¥500; the fifth was reported lost and frozen.
    await tx.update(examCards).set({ balance: '1500.00' }).where(eq(examCards.id, cards[0]!.id));
    await tx
      .insert(cardLedger)
      .values({ cardId: cards[0]!.id, kind: '充值', amount: '500.00', balanceAfter: '1500.00', operatorId });
    await tx
      .insert(payments)
      .values({ cardId: cards[0]!.id, purpose: 'card_recharge', amount: '500.00', payMethod: 'wechat', operatorId });
    await tx
      .update(examCards)
      .set({ state: '已冻结', stateBeforeFreeze: '已售', stateNote: '持卡人挂失' })
      .where(eq(examCards.id, cards[4]!.id));
    await tx.insert(cardLedger).values({
      cardId: cards[4]!.id,
      kind: '冻结',
      amount: '0',
      balanceAfter: '1000.00',
      operatorId,
      note: '持卡人挂失',
    });
  });
}
