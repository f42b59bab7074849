import { describe, expect, it } from 'vitest';
import { entryFromView, generatedSummary, savePayload, withGeneratedSummary, withMatches } from '../entry-state';
import { deptView } from './fixtures';

const view = deptView();

describe('dept diag entry state (spec §4 summary rules)', () => {
  it('generates one source-0 line per abnormal result, in the words of the report', () => {
    expect(generatedSummary(view, { 11: '68', 12: '4.0', 21: '窦性心动过缓' })).toEqual([
      { summary_content: '谷丙转氨酶：偏高', source: '0', doctor_edited: '0', union_id: 1 },
      { summary_content: '心电图所见：窦性心动过缓', source: '0', doctor_edited: '0', union_id: 2 },
    ]);
    // Issue 19: 未见异常 once something was entered and nothing departs from normal.
    expect(generatedSummary(view, { 21: '正常心电图' })).toEqual([
      { summary_content: '未见异常', source: '0', doctor_edited: '0', union_id: null },
    ]);
    expect(generatedSummary(view, {})).toEqual([]);
  });

  it('follows the results with the generated lines but keeps the doctor’s edited and written ones', () => {
    const summary = [
      { summary_content: '谷丙转氨酶 偏高', source: '0', doctor_edited: '0', union_id: 1 },
      { summary_content: '血钾 偏低，建议复查', source: '0', doctor_edited: '1', union_id: 1 },
      { summary_content: '建议戒酒', source: '4', doctor_edited: '1', union_id: null },
    ];
    const next = withGeneratedSummary(summary, generatedSummary(view, { 11: '30', 21: '窦性心动过缓' }));
    expect(next.map((l) => l.summary_content)).toEqual(['血钾 偏低，建议复查', '建议戒酒', '心电图所见：窦性心动过缓']);
  });

  it('replaces generated lines by the matches and adds each diagnosis once', () => {
    const state = {
      ...entryFromView(view),
      summary: [
        { summary_content: '谷丙转氨酶 偏高', source: '0', doctor_edited: '0', union_id: 1 },
        { summary_content: '血钾 偏高', source: '0', doctor_edited: '0', union_id: 1 },
      ],
      diag_list: [{ diag_id: 5, diag_name: '肝功能异常', advice: '', doctor_created_flag: '0' as const }],
    };
    const match = {
      diag_id: 5,
      diag_name: '肝功能异常',
      advice: '复查',
      union_id: 1,
      summary_content: '谷丙转氨酶 偏高',
    };
    const next = withMatches(state, [match, { ...match, summary_content: '谷丙转氨酶 升高' }]);
    expect(next.summary).toEqual([
      { summary_content: '谷丙转氨酶 偏高', source: '2', doctor_edited: '0', union_id: 1, diag_id: 5 },
    ]);
    expect(next.diag_list).toHaveLength(1);
  });

  it('sends every item, a blank one clearing its result, and leaves out empty summary lines', () => {
    const payload = savePayload({
      results: { 11: '68', 12: '' },
      summary: [
        { summary_content: ' ', source: '4', doctor_edited: '1', union_id: null },
        { summary_content: '谷丙转氨酶 偏高', source: '0', doctor_edited: '0', union_id: 1 },
      ],
      diag_list: [],
    });
    expect(payload.results).toEqual([
      { item_id: 11, result_value: '68' },
      { item_id: 12, result_value: '' },
    ]);
    expect(payload.summary.map((l) => l.summary_content)).toEqual(['谷丙转氨酶 偏高']);
  });
});
