import { EXAM_DIAGNOSES } from './diagnoses-exam.js';
import { IMAGING_DIAGNOSES } from './diagnoses-imaging.js';
import { LAB_DIAGNOSES } from './diagnoses-lab.js';
import { EXAM_ITEMS } from './items-exam.js';
import { IMAGING_ITEMS } from './items-imaging.js';
import { LAB_ITEMS } from './items-lab.js';
import type { DiagnosisDef, ItemDef } from './types.js';

export const DEMO_ITEMS: readonly ItemDef[] = [...EXAM_ITEMS, ...LAB_ITEMS, ...IMAGING_ITEMS];
export const DEMO_DIAGNOSES: readonly DiagnosisDef[] = [...LAB_DIAGNOSES, ...EXAM_DIAGNOSES, ...IMAGING_DIAGNOSES];

export interface DiagRuleDef {
  item: string;
  direction: 'H' | 'L' | 'A';
  diag: string;
}

/**
 * item_diag_rules holds one diagnosis per item and direction, so a text item's rule is its most
 * common finding's diagnosis; the other findings are told apart by the diagnoses' keywords.
 */
export function demoDiagRules(): DiagRuleDef[] {
  const rules: DiagRuleDef[] = [];
  for (const item of DEMO_ITEMS) {
    if (item.kind === 'number') {
      if (item.highDiag) rules.push({ item: item.code, direction: 'H', diag: item.highDiag });
      if (item.lowDiag) rules.push({ item: item.code, direction: 'L', diag: item.lowDiag });
      continue;
    }
    const first = item.findings.find((f) => f.diag);
    if (first?.diag) rules.push({ item: item.code, direction: 'A', diag: first.diag });
  }
  return rules;
}

/**
 * The findings that suggest each diagnosis, as its keywords (used to match a written summary to the
 * dictionary). A finding that means different things in different items (阳性(+)) is qualified with
 * the item name.
 */
export function demoDiagKeywords(): Map<string, string[]> {
  const textItems = DEMO_ITEMS.filter((item) => item.kind === 'text');
  const meanings = new Map<string, Set<string | undefined>>();
  for (const item of textItems) {
    for (const f of item.findings) meanings.set(f.text, (meanings.get(f.text) ?? new Set()).add(f.diag));
  }
  const keywords = new Map<string, string[]>();
  for (const item of textItems) {
    for (const finding of item.findings) {
      if (!finding.diag) continue;
      const word = meanings.get(finding.text)!.size === 1 ? finding.text : `${item.name}${finding.text}`;
      const list = keywords.get(finding.diag) ?? [];
      if (!list.includes(word)) list.push(word);
      keywords.set(finding.diag, list);
    }
  }
  return keywords;
}
