import { describe, expect, it } from 'vitest';
import { appendNumbered, conclusionFromDepts } from './review-conclusion.js';
import { joinOccupationalConclusion, reviewStepOf, splitOccupationalConclusion } from './review-steps.js';

describe('conclusion from department diagnoses', () => {
  it('merges every department in order, each diagnosis once, numbering conclusion and advice', () => {
    const merged = conclusionFromDepts([
      {
        diag_list: [
          { diag_name: '脂肪肝', advice: '低脂饮食' },
          { diag_name: '血压偏高', advice: '' },
        ],
      },
      {
        diag_list: [
          { diag_name: '脂肪肝', advice: '重复的建议' },
          { diag_name: '窦性心动过缓', advice: '随访' },
        ],
      },
    ]);
    expect(merged.conclusion).toBe('1. 脂肪肝\n2. 血压偏高\n3. 窦性心动过缓');
    expect(merged.advice).toBe('1. 脂肪肝：低脂饮食\n2. 窦性心动过缓：随访');
  });

  it('appends a picked line once', () => {
    expect(appendNumbered('1. 脂肪肝', '血压偏高')).toBe('1. 脂肪肝\n2. 血压偏高');
    expect(appendNumbered('1. 脂肪肝\n2. 血压偏高', '血压偏高')).toBe('1. 脂肪肝\n2. 血压偏高');
    expect(appendNumbered('', '脂肪肝')).toBe('1. 脂肪肝');
  });
});

describe('review steps', () => {
  it('maps the waiting status to its step', () => {
    expect(reviewStepOf('depts_done')).toBe('first');
    expect(reviewStepOf('first_trial')).toBe('main');
    expect(reviewStepOf('main_trial')).toBe('final');
    expect(reviewStepOf('final_trial')).toBeNull();
  });

  it('keeps the occupational category as the first line of the conclusion', () => {
    const text = joinOccupationalConclusion('复查', '1. 听力下降');
    expect(splitOccupationalConclusion(text)).toEqual({ category: '复查', conclusion: '1. 听力下降' });
    expect(splitOccupationalConclusion('1. 脂肪肝')).toEqual({ category: '', conclusion: '1. 脂肪肝' });
  });
});
