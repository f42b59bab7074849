import {
  COMPUTED_ITEM_CODES,
  GENERAL_EXAM_CODES,
  MUST_BE_RECORDED,
  bloodPressureGrade,
  bmiOf,
  judgeResult,
  mergeSummaries,
  normalValueOf,
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
  // 弃检/迟检/拒检 lines are not entered: their items are neither shown as inputs nor sent.
  for (const union of view.unions) {
    if (!isRecordedLine(union)) continue;
    for (const item of union.items) results[item.item_id] = item.result_value ?? '';
  }
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

/** The department's summary when nothing departs from normal (issue 19). */
export const NOTHING_ABNORMAL = '未见异常';

/** Whether the items of a union are entered today (未检/已检/补检); 弃检/迟检/拒检 lines are read-only. */
export const isRecordedLine = (union: DeptDiagnosisView['unions'][number]) => MUST_BE_RECORDED.has(union.exec_state);

/** The item with a catalogue code in the view (the general exam's fields), if the department has it. */
export function itemByCode(view: DeptDiagnosisView, code: string): DeptItemResult | undefined {
  for (const union of view.unions) for (const item of union.items) if (item.item_code === code) return item;
  return undefined;
}

/** The blood-pressure grade of the typed pressures, when the department measures both. */
export function pressureGrade(view: DeptDiagnosisView, results: Record<string, string>) {
  const sbp = itemByCode(view, GENERAL_EXAM_CODES.systolic);
  const dbp = itemByCode(view, GENERAL_EXAM_CODES.diastolic);
  if (!sbp || !dbp) return null;
  return bloodPressureGrade(results[sbp.item_id] ?? '', results[dbp.item_id] ?? '');
}

/** The results with the computed items (BMI from 身高 and 体重) following what was typed. */
export function withComputed(view: DeptDiagnosisView, results: Record<string, string>): Record<string, string> {
  const bmi = itemByCode(view, GENERAL_EXAM_CODES.bmi);
  const height = itemByCode(view, GENERAL_EXAM_CODES.height);
  const weight = itemByCode(view, GENERAL_EXAM_CODES.weight);
  if (!bmi || !height || !weight) return results;
  const value = bmiOf(results[height.item_id] ?? '', results[weight.item_id] ?? '') ?? '';
  return results[bmi.item_id] === value ? results : { ...results, [bmi.item_id]: value };
}

export const isComputed = (item: DeptItemResult) => COMPUTED_ITEM_CODES.has(item.item_code);

/**
 * 全部正常: every empty item of a line entered today takes its normal value (normalValueOf: a text
 * item's normal finding, a number's configured normal result); typed values stay. Numbers without a
 * configured normal result stay empty — signing names them.
 */
export function withAllNormal(view: DeptDiagnosisView, results: Record<string, string>): Record<string, string> {
  const next = { ...results };
  for (const union of view.unions) {
    if (!isRecordedLine(union)) continue;
    for (const item of union.items) {
      if ((next[item.item_id] ?? '').trim() !== '' || isComputed(item)) continue;
      const normal = normalValueOf(item);
      if (normal !== null) next[item.item_id] = normal;
    }
  }
  return withComputed(view, next);
}

/**
 * Spec §4, issue 19: the summary built from the findings that are not the default — one source-0 line
 * "item：finding" each (偏高/偏低 for a number, the finding itself for a text item), the blood-pressure
 * grade when it is hypertension, and 未见异常 when results were entered and none departs from normal.
 */
export function generatedSummary(view: DeptDiagnosisView, results: Record<string, string>): SummaryLine[] {
  const lines: SummaryLine[] = [];
  let entered = false;
  for (const union of view.unions) {
    if (!isRecordedLine(union)) continue;
    for (const item of union.items) {
      const value = (results[item.item_id] ?? '').trim();
      if (value !== '') entered = true;
      const { flag } = judgeItem(item, value);
      if (!flag) continue;
      const words = flag === 'A' ? value : WORDS[flag];
      lines.push({
        summary_content: `${item.item_name}：${words}`,
        source: '0',
        doctor_edited: '0',
        union_id: union.union_id,
      });
    }
  }
  const grade = pressureGrade(view, results);
  if (grade?.endsWith('高血压')) {
    const union = view.unions.find((u) => u.items.some((i) => i.item_code === GENERAL_EXAM_CODES.systolic));
    lines.push({
      summary_content: `血压：${grade}`,
      source: '0',
      doctor_edited: '0',
      union_id: union?.union_id ?? null,
    });
  }
  if (lines.length === 0 && entered) {
    lines.push({ summary_content: NOTHING_ABNORMAL, source: '0', doctor_edited: '0', union_id: null });
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
