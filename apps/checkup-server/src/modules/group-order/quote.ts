import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import {
  AppError,
  GENDER_LIMIT_LABELS,
  PAY_MODE_LABELS,
  XLSX_TYPE,
  cmpQuoteExportRoute,
  cmpQuoteRoute,
  fenOf,
  moneyText,
  splitPackagePrice,
  type CmpQuote,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { companies, companyGroups, groupOrders, packageUnions, packages, unions } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { discountOf } from './group-routes.js';

/**
 * 单位报价 (crm/cmp_quote, breadth §2.4): an order's groups with their packages' unions at list price,
 * each union's share of the group price (breadth §11.1, residue on the dearest), the discount, who
 * pays; totals, and the plan's amount: the men at the price of the first group (by priority, then id)
 * open to men and not paused, the women likewise.
 */
export async function quoteOf(db: Db, orderId: number): Promise<CmpQuote> {
  const [order] = await db
    .select({ order: groupOrders, companyName: companies.companyName })
    .from(groupOrders)
    .innerJoin(companies, eq(companies.id, groupOrders.companyId))
    .where(eq(groupOrders.id, orderId));
  if (!order) throw new AppError('RECORD_NOT_FOUND', '该团检订单不存在或已被删除');
  const groups = await db
    .select({ group: companyGroups, packageName: packages.packageName, packagePrice: packages.price })
    .from(companyGroups)
    .leftJoin(packages, eq(packages.id, companyGroups.packageId))
    .where(eq(companyGroups.groupOrderId, orderId))
    .orderBy(desc(companyGroups.priority), asc(companyGroups.id));
  const packageIds = [...new Set(groups.map((g) => g.group.packageId).filter((id): id is number => id !== null))];
  const items =
    packageIds.length === 0
      ? []
      : await db
          .select({ packageId: packageUnions.packageId, name: unions.unionName, price: unions.price })
          .from(packageUnions)
          .innerJoin(unions, eq(unions.id, packageUnions.unionId))
          .where(inArray(packageUnions.packageId, packageIds))
          .orderBy(asc(unions.sort), asc(unions.id));

  let listSum = 0;
  let priceSum = 0;
  const quoted = groups.map(({ group, packageName, packagePrice }) => {
    const lines = items.filter((i) => i.packageId === group.packageId);
    const listFen = lines.map((l) => fenOf(l.price));
    const listTotal = listFen.reduce((s, v) => s + v, 0);
    // No group price: the package's own price.
    const priceText = group.price ?? packagePrice;
    const price = priceText === null ? 0 : fenOf(priceText);
    const shares = splitPackagePrice(price, listFen);
    listSum += listTotal;
    priceSum += price;
    return {
      group_id: group.id,
      group_name: group.groupName,
      gender_limit: group.genderLimit,
      package_name: packageName,
      pay_mode: group.payMode,
      list_total: moneyText(listTotal),
      price: moneyText(price),
      discount: discountOf(price, listTotal),
      items: lines.map((l, i) => ({
        union_name: l.name,
        list_price: moneyText(listFen[i]!),
        group_price: moneyText(shares[i]!),
      })),
      paused: group.paused,
      priceFen: price,
    };
  });
  const firstFor = (sex: '1' | '2') =>
    quoted.find((g) => !g.paused && (g.gender_limit === '0' || g.gender_limit === sex));
  const male = firstFor('1');
  const female = firstFor('2');
  const o = order.order;
  const planned = o.planMale * (male?.priceFen ?? 0) + o.planFemale * (female?.priceFen ?? 0);
  return {
    order_id: o.id,
    order_no: o.orderNo,
    order_name: o.orderName,
    company_name: order.companyName,
    plan_from: o.planFrom,
    plan_to: o.planTo,
    plan_male: o.planMale,
    plan_female: o.planFemale,
    groups: quoted.map(({ paused: _paused, priceFen: _fen, ...g }) => g),
    list_total: moneyText(listSum),
    price_total: moneyText(priceSum),
    male_price: male ? male.price : null,
    female_price: female ? female.price : null,
    planned_amount: moneyText(planned),
  };
}

/** The quote as a workbook: a heading, one block per group (its unions), the totals. */
async function quoteWorkbook(quote: CmpQuote) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('单位报价');
  sheet.columns = [{ width: 28 }, { width: 28 }, { width: 14 }, { width: 14 }, { width: 12 }, { width: 10 }];
  sheet.addRow([`${quote.company_name} 单位报价`]).font = { bold: true, size: 14 };
  sheet.addRow([`订单：${quote.order_no} ${quote.order_name}`]);
  sheet.addRow([
    `计划检期：${quote.plan_from} 至 ${quote.plan_to}`,
    `男 ${quote.plan_male} 人，女 ${quote.plan_female} 人`,
  ]);
  sheet.addRow([]);
  sheet.addRow(['分组', '项目', '原价（元）', '优惠价（元）', '折扣（%）', '付款方式']).font = { bold: true };
  for (const group of quote.groups) {
    sheet.addRow([
      `${group.group_name}（${GENDER_LIMIT_LABELS[group.gender_limit]}）`,
      group.package_name ?? '',
      Number(group.list_total),
      Number(group.price),
      group.discount ?? '',
      PAY_MODE_LABELS[group.pay_mode],
    ]).font = { bold: true };
    for (const item of group.items)
      sheet.addRow(['', item.union_name, Number(item.list_price), Number(item.group_price)]);
  }
  sheet.addRow([]);
  sheet.addRow(['合计', '', Number(quote.list_total), Number(quote.price_total)]).font = { bold: true };
  sheet.addRow(['预计金额（计划人数×分组价格）', '', '', Number(quote.planned_amount)]).font = { bold: true };
  for (const column of [3, 4]) sheet.getColumn(column).numFmt = '0.00';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function quoteRoutes(app: FastifyInstance, db: Db) {
  defineRoute(app, cmpQuoteRoute, ({ input }) => quoteOf(db, input.id));

  app.get(cmpQuoteExportRoute.path, { config: { access: cmpQuoteExportRoute.access } }, async (request, reply) => {
    const parsed = cmpQuoteExportRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const quote = await quoteOf(db, parsed.data.id);
    const name = `单位报价-${quote.order_no}.xlsx`;
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(await quoteWorkbook(quote));
  });
}
