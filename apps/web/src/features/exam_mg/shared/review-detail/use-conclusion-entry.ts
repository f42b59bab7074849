import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import dayjs from 'dayjs';
import type { ReviewDetail } from '@checkup/api-contract';
import { useDraft } from '../../../../lib/drafts/use-draft';
import type { ConclusionFields } from './api/review-actions';

const isFields = (fields: Record<string, unknown>): fields is ConclusionFields & Record<string, unknown> =>
  typeof fields.conclusion === 'string' && typeof fields.advice === 'string';

/**
 * The overall conclusion and advice being edited on rev_apr_detail: reset by each answer of the
 * server, kept as a rev_apr draft 60 s after an edit (spec §4, §9), offered back on reopen while
 * the visit may be edited, and cleared once saved.
 */
export function useConclusionEntry(orderId: string, view: ReviewDetail | undefined, editable: boolean) {
  const { message, modal } = App.useApp();
  const fromView = (v: ReviewDetail): ConclusionFields => ({ conclusion: v.conclusion, advice: v.advice });
  const [fields, setFields] = useState<ConclusionFields>(() =>
    view ? fromView(view) : { conclusion: '', advice: '' },
  );
  const [dirty, setDirty] = useState(false);
  const { edit, read, clear } = useDraft('rev_apr', { orderid: orderId }, (text) => {
    void message.success(text);
  });

  const [shownView, setShownView] = useState(view);
  if (view !== shownView) {
    setShownView(view);
    if (view) {
      setFields(fromView(view));
      setDirty(false);
    }
  }

  useEffect(() => {
    if (dirty) edit({ conclusion: fields.conclusion, advice: fields.advice });
  }, [dirty, fields, edit]);

  const offered = useRef(false);
  useEffect(() => {
    if (offered.current || !view || !editable) return;
    offered.current = true;
    const stored = read();
    if (!stored || !isFields(stored.fields)) return;
    const draft = { conclusion: stored.fields.conclusion, advice: stored.fields.advice };
    modal.confirm({
      title: '是否恢复草稿',
      content: `发现 ${dayjs(stored.time).format('YYYY-MM-DD HH:mm:ss')} 保存的未提交总检草稿，是否恢复？`,
      okText: '恢复草稿',
      cancelText: '不恢复',
      onOk: () => {
        setFields(draft);
        setDirty(true);
      },
      onCancel: () => clear(),
    });
  }, [view, editable, read, clear, modal]);

  const change = useCallback((next: Partial<ConclusionFields>) => {
    setFields((current) => ({ ...current, ...next }));
    setDirty(true);
  }, []);

  return { fields, dirty, change, clearDraft: clear };
}
