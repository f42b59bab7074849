import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import dayjs from 'dayjs';
import type { DeptDiagnosisView, SummaryLine } from '@checkup/api-contract';
import { useDraft } from '../../../lib/drafts/use-draft';
import type { DeptRecord } from './api/get-dept-diagnosis';
import {
  entryFromView,
  generatedSummary,
  withAllNormal,
  withComputed,
  withGeneratedSummary,
  type EntryState,
} from './entry-state';

const isEntry = (fields: Record<string, unknown>): fields is EntryState & Record<string, unknown> =>
  typeof fields.results === 'object' && Array.isArray(fields.summary) && Array.isArray(fields.diag_list);

/**
 * What the doctor has typed on dept_diag_detail, against the loaded view: reset whenever the server
 * answers a new view (load, save, sign), kept as a dept_diag draft 10 s after an edit (spec §4, §9)
 * and offered back on reopen.
 */
export function useDeptEntry(record: DeptRecord, view: DeptDiagnosisView | undefined, editable: boolean) {
  const { message, modal } = App.useApp();
  const [entry, setEntry] = useState<EntryState | null>(() => (view ? entryFromView(view) : null));
  const [dirty, setDirty] = useState(false);
  const { edit, read, clear } = useDraft(
    'dept_diag',
    { orderid: record.orderId, exam_dept_id: String(record.deptId) },
    (text) => {
      void message.success(text);
    },
  );

  // A new answer from the server (load, save, sign) replaces what is shown (react.dev: adjusting state on a prop change).
  const [shownView, setShownView] = useState(view);
  if (view !== shownView) {
    setShownView(view);
    if (view) {
      setEntry(entryFromView(view));
      setDirty(false);
    }
  }

  useEffect(() => {
    if (dirty && entry) edit({ results: entry.results, summary: entry.summary, diag_list: entry.diag_list });
  }, [dirty, entry, edit]);

  // Spec §4: a draft left from an earlier visit is offered once, when the record may be edited.
  const offered = useRef(false);
  useEffect(() => {
    if (offered.current || !view || !editable) return;
    offered.current = true;
    const stored = read();
    if (!stored || !isEntry(stored.fields)) return;
    const fields = stored.fields;
    modal.confirm({
      title: '是否恢复草稿',
      content: `发现 ${dayjs(stored.time).format('YYYY-MM-DD HH:mm:ss')} 保存的未提交草稿，是否恢复？`,
      okText: '恢复草稿',
      cancelText: '不恢复',
      onOk: () => {
        setEntry({ results: { ...fields.results }, summary: fields.summary, diag_list: fields.diag_list });
        setDirty(true);
      },
      onCancel: () => clear(),
    });
  }, [view, editable, read, clear, modal]);

  const change = useCallback((next: (current: EntryState) => EntryState) => {
    setEntry((current) => (current ? next(current) : current));
    setDirty(true);
  }, []);

  /** New results, with the computed items (BMI) and the generated summary lines following them. */
  const applyResults = useCallback(
    (next: (current: Record<string, string>) => Record<string, string>) =>
      change((current) => {
        if (!view) return { ...current, results: next(current.results) };
        const results = withComputed(view, next(current.results));
        return { ...current, results, summary: withGeneratedSummary(current.summary, generatedSummary(view, results)) };
      }),
    [change, view],
  );

  const setResult = useCallback(
    (itemId: number, value: string) => applyResults((results) => ({ ...results, [itemId]: value })),
    [applyResults],
  );

  /** 全部正常: the empty items take their normal values (withAllNormal); what was typed stays. */
  const fillNormal = useCallback(
    () => applyResults((results) => (view ? withAllNormal(view, results) : results)),
    [applyResults, view],
  );

  const setSummary = useCallback((summary: SummaryLine[]) => change((c) => ({ ...c, summary })), [change]);

  /** Spec §7: when the diagnosis list cannot be loaded, the summary and diagnoses are emptied. */
  const clearLists = useCallback(() => setEntry((c) => (c ? { ...c, summary: [], diag_list: [] } : c)), []);

  return { entry, dirty, change, setResult, fillNormal, setSummary, clearLists, clearDraft: clear };
}
