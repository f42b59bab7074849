import {
  TEMPLATE_TYPES,
  TEMPLATE_TYPE_LABELS,
  defaultLayout,
  type DocumentLayout,
  type TemplateType,
} from '@checkup/api-contract';
import type { Db } from '../client.js';
import { selfTemplates } from '../schema.js';

type Row = typeof selfTemplates.$inferInsert;

/** A report for a quick look: no cover and no per-department results. */
function briefReport(): DocumentLayout {
  const layout = defaultLayout('exam_report');
  const hidden = new Set(['cover', 'results']);
  return {
    ...layout,
    header: { ...layout.header, title: '体检报告（简版）' },
    blocks: layout.blocks.map((b) => (b.kind === 'section' && hidden.has(b.key) ? { ...b, visible: false } : b)),
  };
}

/** Occupational visits are told about their hazards on the guide sheet. */
function occupationalGuide(): DocumentLayout {
  const layout = defaultLayout('guide_sheet');
  return {
    ...layout,
    header: { ...layout.header, title: '职业健康检查导引单' },
    blocks: [
      ...layout.blocks,
      {
        kind: 'text',
        title: '职业健康检查须知',
        text: '请携带本人身份证及单位介绍信，按岗位接触的危害因素完成全部检查项目。',
        visible: true,
      },
    ],
  };
}

function demoRows(type: TemplateType): Row[] {
  const standard: Row = {
    tempType: type,
    tempName: `标准${TEMPLATE_TYPE_LABELS[type]}`,
    suitType: 'health',
    enableTemp: '1',
    tempConfig: defaultLayout(type),
  };
  if (type === 'exam_report')
    return [standard, { ...standard, tempName: '简版体检报告', enableTemp: '0', tempConfig: briefReport() }];
  if (type === 'guide_sheet') {
    return [standard, { ...standard, tempName: '职业体检导检单', suitType: 'occu', tempConfig: occupationalGuide() }];
  }
  return [standard];
}

/**
 * One default template per type (what today's guide sheet and report print), and a few variants, for a
 * type that has none yet: a centre's own templates are never touched.
 */
export async function seedTemplates(db: Db): Promise<void> {
  const present = new Set(
    (await db.selectDistinct({ type: selfTemplates.tempType }).from(selfTemplates)).map((r) => r.type),
  );
  const rows = TEMPLATE_TYPES.filter((type) => !present.has(type)).flatMap(demoRows);
  if (rows.length > 0) await db.insert(selfTemplates).values(rows);
}
