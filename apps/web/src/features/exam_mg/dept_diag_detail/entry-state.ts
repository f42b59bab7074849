import {
  judgeResult,
  mergeSummaries,
  type DeptDiagnosisView,
  type DeptItemResult,
  type ItemRule,
  type SummaryLine,
  type Verdict,
} from '@checkup/api-contract';

/** What the doctor edits on dept_diag_detail; also the fields of its draft (spec §3 drafts). */
export interface EntryState {
  /** Result text by item_id. */
  results: Record<string, string>;
  summary: SummaryLine[];
  diag_list: DiagLine[];
}

export interface DiagLine {
  diag_id: number | null;
  diag_name: string;
  advice: string;
  doctor_created_flag: '0' | '1';
}

export interface MatchedDiagnosis {
  diag_id: number;
  diag_name: string;
  advice: string;
  union_id: number;
  summary_content: string;
}

export const ruleOf = (item: DeptItemResult): ItemRule => ({
  resultType: item.result_type,
  refLow: item.ref_low,
  refHigh: item.ref_high,
  criticalLow: item.critical_low,
  criticalHigh: item.critical_high,
  normalText: item.normal_text,
});

/** The same verdict the server stores, shown while the doctor types. */
export const judgeItem = (item: DeptItemResult, value: string): Verdict => judgeResult(ruleOf(item), value);

export function entryFromView(view: DeptDiagnosisView): EntryState {
  const results: Record<string, string> = {};
  for (const union of view.unions) for (const item of union.items) results[item.item_id] = item.result_value ?? '';
  return {
    results,
    summary: view.summary.map(({ summary_content, source, doctor_edited, union_id }) => ({
      summary_content,
      source,
      doctor_edited,
      union_id,
    })),
    diag_list: view.diag_list.map(({ diag_id, diag_name, advice, doctor_created_flag }) => ({
      diag_id,
      diag_name,
      advice,
      doctor_created_flag,
    })),
  };
}

const WORDS = { H: '偏高', L: '偏低' } as const;

/** Spec §4: the summary lines an abnormal result stands for (source '0'). */
export function generatedSummary(view: DeptDiagnosisView, results: Record<string, string>): SummaryLine[] {
  const lines: SummaryLine[] = [];
  for (const union of view.unions) {
    for (const item of union.items) {
      const value = (results[item.item_id] ?? '').trim();
      const { flag } = judgeItem(item, value);
      if (!flag) continue;
      const words = flag === 'A' ? value : WORDS[flag];
      lines.push({
        summary_content: `${item.item_name} ${words}`,
        source: '0',
        doctor_edited: '0',
        union_id: union.union_id,
      });
    }
  }
  return lines;
}

/**
 * After a result changed: the generated lines follow the results (a line the doctor edited stays),
 * kept after the doctor's and matched lines and never twice (mergeSummaries).
 */
export function withGeneratedSummary(summary: SummaryLine[], generated: SummaryLine[]): SummaryLine[] {
  const kept = summary.filter((l) => l.source !== '0' || l.doctor_edited === '1');
  return strip(mergeSummaries([...kept, ...generated], []));
}

/** 匹配诊断: the matches' lines replace the generated ones (spec §4), their diagnoses join the list once. */
export function withMatches(state: EntryState, matches: MatchedDiagnosis[]): EntryState {
  const added: SummaryLine[] = matches.map((m) => ({
    summary_content: m.summary_content,
    source: '2',
    doctor_edited: '0',
    union_id: m.union_id,
    diag_id: m.diag_id,
  }));
  const known = new Set(state.diag_list.map((d) => d.diag_id).filter((id) => id !== null));
  const diags = matches
    .filter((m) => !known.has(m.diag_id))
    .map((m): DiagLine => ({ diag_id: m.diag_id, diag_name: m.diag_name, advice: m.advice, doctor_created_flag: '0' }));
  return { ...state, summary: strip(mergeSummaries(state.summary, added)), diag_list: [...state.diag_list, ...diags] };
}

const strip = (lines: (SummaryLine & { summary_order_by: number })[]): SummaryLine[] =>
  lines.map(({ summary_order_by: _position, ...line }) => line);

/** The save payload: every item's text ('' clears a result), lines and diagnoses in their order. */
export function savePayload(state: EntryState) {
  return {
    results: Object.entries(state.results).map(([itemId, value]) => ({ item_id: Number(itemId), result_value: value })),
    summary: state.summary
      .filter((l) => l.summary_content.trim() !== '')
      .map((l) => ({ ...l, source: l.source as '0' | '2' | '4', doctor_edited: l.doctor_edited as '0' | '1' })),
    diag_list: state.diag_list,
  };
}
