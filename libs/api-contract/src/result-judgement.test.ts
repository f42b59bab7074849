import { describe, expect, it } from 'vitest';
import { judgeResult, mergeSummaries, refRangeText, type ItemRule } from './result-judgement.js';

const alt: ItemRule = {
  resultType: 'number',
  refLow: 9,
  refHigh: 50,
  criticalLow: null,
  criticalHigh: 500,
  normalText: null,
};
const potassium: ItemRule = {
  resultType: 'number',
  refLow: 3.5,
  refHigh: 5.3,
  criticalLow: 2.8,
  criticalHigh: 6.2,
  normalText: null,
};
const ecg: ItemRule = {
  resultType: 'text',
  refLow: null,
  refHigh: null,
  criticalLow: null,
  criticalHigh: null,
  normalText: '正常心电图',
};

describe('judgeResult', () => {
  it('flags a value above or below the range, and the edges as normal', () => {
    expect(judgeResult(alt, '68')).toEqual({ flag: 'H', critical: null });
    expect(judgeResult(alt, '8.9')).toEqual({ flag: 'L', critical: null });
    expect(judgeResult(alt, '50')).toEqual({ flag: '', critical: null });
    expect(judgeResult(alt, '9')).toEqual({ flag: '', critical: null });
  });

  it('raises a critical value at or beyond a critical limit', () => {
    expect(judgeResult(potassium, '6.2')).toEqual({ flag: 'H', critical: 'H' });
    expect(judgeResult(potassium, '2.5')).toEqual({ flag: 'L', critical: 'L' });
    expect(judgeResult(potassium, '5.9')).toEqual({ flag: 'H', critical: null });
  });

  it('takes any finding other than the normal one as abnormal, and a blank as not entered', () => {
    expect(judgeResult(ecg, '窦性心动过缓')).toEqual({ flag: 'A', critical: null });
    expect(judgeResult(ecg, ' 正常心电图 ')).toEqual({ flag: '', critical: null });
    expect(judgeResult(ecg, '')).toEqual({ flag: '', critical: null });
  });

  it('marks a non-numeric entry in a numeric item as abnormal rather than guessing', () => {
    expect(judgeResult(alt, '012')).toEqual({ flag: 'A', critical: null });
    expect(judgeResult(alt, '溶血')).toEqual({ flag: 'A', critical: null });
  });
});

describe('refRangeText', () => {
  it('prints both ends, or the one there is', () => {
    expect(refRangeText(3.5, 5.3)).toBe('3.5-5.3');
    expect(refRangeText(null, 5.2)).toBe('<5.2');
    expect(refRangeText(1.04, null)).toBe('>1.04');
    expect(refRangeText(null, null)).toBe('');
  });
});

describe('mergeSummaries (spec §4)', () => {
  const generated = { summary_content: '谷丙转氨酶 偏高', source: '0', doctor_edited: '0', union_id: 3 };

  it('replaces generated lines once matches are added', () => {
    const merged = mergeSummaries(
      [generated],
      [{ summary_content: '肝功能异常', source: '2', doctor_edited: '0', union_id: 3, diag_id: 7 }],
    );
    expect(merged.map((l) => l.summary_content)).toEqual(['肝功能异常']);
  });

  it('keeps a generated line the doctor edited', () => {
    const edited = { ...generated, doctor_edited: '1', summary_content: '谷丙转氨酶 轻度偏高' };
    const merged = mergeSummaries(
      [edited],
      [{ summary_content: '脂肪肝', source: '2', doctor_edited: '0', union_id: 5, diag_id: 9 }],
    );
    expect(merged.map((l) => l.summary_content)).toEqual(['谷丙转氨酶 轻度偏高', '脂肪肝']);
  });

  it('drops duplicates by content and by diagnosis, numbering what is left', () => {
    const merged = mergeSummaries(
      [{ summary_content: '脂肪肝', source: '2', doctor_edited: '0', union_id: 5, diag_id: 9 }],
      [
        { summary_content: ' 脂肪肝 ', source: '2', doctor_edited: '0', union_id: 5, diag_id: null },
        { summary_content: '轻度脂肪肝', source: '2', doctor_edited: '0', union_id: 5, diag_id: 9 },
        { summary_content: '胆囊息肉', source: '4', doctor_edited: '1', union_id: null },
      ],
    );
    expect(merged.map((l) => [l.summary_content, l.summary_order_by])).toEqual([
      ['脂肪肝', 1],
      ['胆囊息肉', 2],
    ]);
  });
});
