import { beforeEach, describe, expect, it } from 'vitest';
import { DRAFT_RULES, clearDraft, draftStorageKey, loadDrafts, readDraft, saveDraft } from './draft-store';

describe('draft store (spec §3/§9)', () => {
  beforeEach(() => localStorage.clear());

  it('reads a draft back by orderid and exam_dept_id', () => {
    saveDraft('dept_diag', { orderid: 'A', exam_dept_id: '7' }, { summary: '血压偏高' }, 1);
    saveDraft('dept_diag', { orderid: 'A', exam_dept_id: '8' }, { summary: '心率正常' }, 2);
    expect(readDraft('dept_diag', { orderid: 'A', exam_dept_id: '7' })?.fields).toEqual({ summary: '血压偏高' });
    expect(readDraft('dept_diag', { orderid: 'A', exam_dept_id: '8' })?.fields).toEqual({ summary: '心率正常' });
    expect(readDraft('dept_diag', { orderid: 'A' })).toBeNull();
    expect(readDraft('rev_apr', { orderid: 'A', exam_dept_id: '7' })).toBeNull();
  });

  it('keeps one entry per record, with the fields of every edit and the latest time', () => {
    saveDraft('rev_apr', { orderid: 'A' }, { advise: '复查' }, 1);
    saveDraft('rev_apr', { orderid: 'A' }, { conclusion: '未见异常' }, 2);
    expect(loadDrafts('rev_apr')).toEqual([
      { orderid: 'A', fields: { advise: '复查', conclusion: '未见异常' }, time: 2 },
    ]);
  });

  it.each([
    ['rev_apr', 10],
    ['dept_diag', 100],
  ] as const)('keeps at most %s %i entries, dropping the oldest', (type, limit) => {
    expect(DRAFT_RULES[type].limit).toBe(limit);
    for (let i = 0; i <= limit; i++) saveDraft(type, { orderid: `O${i}` }, { n: i }, i);
    const drafts = loadDrafts(type);
    expect(drafts).toHaveLength(limit);
    expect(drafts[0]!.orderid).toBe('O1');
    expect(drafts.at(-1)!.orderid).toBe(`O${limit}`);
  });

  it('clears only the record asked for', () => {
    saveDraft('dept_diag', { orderid: 'A', exam_dept_id: '7' }, { x: 1 }, 1);
    saveDraft('dept_diag', { orderid: 'B', exam_dept_id: '7' }, { x: 2 }, 2);
    clearDraft('dept_diag', { orderid: 'A', exam_dept_id: '7' });
    expect(loadDrafts('dept_diag').map((d) => d.orderid)).toEqual(['B']);
  });

  it('ignores a corrupt stored value or entry instead of crashing', () => {
    localStorage.setItem(draftStorageKey('dept_diag'), '{not json');
    expect(loadDrafts('dept_diag')).toEqual([]);
    expect(saveDraft('dept_diag', { orderid: 'A' }, { x: 1 }, 1)).toBe(true);
    localStorage.setItem(
      draftStorageKey('rev_apr'),
      JSON.stringify([null, { orderid: 3 }, { orderid: 'A', fields: {}, time: 1 }]),
    );
    expect(loadDrafts('rev_apr')).toEqual([{ orderid: 'A', fields: {}, time: 1 }]);
    localStorage.setItem(draftStorageKey('rev_apr'), '"text"');
    expect(readDraft('rev_apr', { orderid: 'A' })).toBeNull();
  });

  it('answers false when the storage refuses the write', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(saveDraft('dept_diag', { orderid: 'A' }, { x: 1 }, 1, full)).toBe(false);
  });
});
