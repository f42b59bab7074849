import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { companies, companyGroups, groupOrders, packages } from '../schema.js';

/**
 * Beside each demo company's approved order of the year (companies.ts), a draft order and a submitted
 * one for next year's campaign, each with its men's and women's groups, so that 团检单位 shows the
 * states an order moves through (issue 22). Skipped when their numbers are there.
 */
export async function seedDemoGroupOrderStates(db: Db, today: string): Promise<void> {
  const next = Number(today.slice(0, 4)) + 1;
  const pkg = new Map(
    (
      await db
        .select()
        .from(packages)
        .where(inArray(packages.packageCode, ['JCTJ-M', 'JCTJ-F']))
    ).map((p) => [p.packageCode, p]),
  );
  const plans = [
    { no: `TD${next - 1}0901`, company: '星辰软件科技有限公司', state: 'draft', rate: 0.9 },
    { no: `TD${next - 1}0902`, company: '杭州市第一实验小学', state: 'submitted', rate: 0.85 },
  ] as const;
  for (const plan of plans) {
    const [company] = await db.select().from(companies).where(eq(companies.companyName, plan.company));
    if (!company) continue;
    const [order] = await db
      .insert(groupOrders)
      .values({
        orderNo: plan.no,
        orderName: `${plan.company.replace(/(科技)?有限公司$/, '')}${next}年度职工体检`,
        companyId: company.id,
        examType: 'health',
        planFrom: `${next}-03-01`,
        planTo: `${next}-05-31`,
        planMale: 40,
        planFemale: 60,
        discountRate: plan.rate.toFixed(4),
        deskNote: '请携带身份证，空腹前来',
        approvalState: plan.state,
        submittedAt: plan.state === 'submitted' ? new Date(`${today}T10:00:00+08:00`) : null,
      })
      .onConflictDoNothing()
      .returning({ id: groupOrders.id });
    if (!order) continue;
    const groups = [
      { name: `${next}男职工组`, code: 'JCTJ-M', gender: '1' as const },
      { name: `${next}女职工组`, code: 'JCTJ-F', gender: '2' as const },
    ];
    await db.insert(companyGroups).values(
      groups.map((g) => {
        const p = pkg.get(g.code);
        return {
          companyId: company.id,
          groupOrderId: order.id,
          groupName: g.name,
          packageId: p?.id ?? null,
          genderLimit: g.gender,
          price: p ? (Math.round(Number(p.price) * plan.rate * 100) / 100).toFixed(2) : null,
        };
      }),
    );
  }
}
