import { describe, expect, it } from 'vitest';
import { hasControlCharacter, hasLineControl, holdsControlCharacter } from './control-characters.js';

describe('control characters (issue 17 §2)', () => {
  it('lets free text keep tabs, line feeds and CR LF', () => {
    expect(hasControlCharacter('第一行\r\n第二行\n\t缩进')).toBe(false);
  });

  it.each(['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\r', 'a\rb'])(
    'finds %j in free text',
    (text) => {
      expect(hasControlCharacter(text)).toBe(true);
    },
  );

  it('leaves DEL and what lies above the C0 block alone', () => {
    expect(hasControlCharacter('\u007f\u0085 张三')).toBe(false);
  });

  it('holds a single line to no tab or line break', () => {
    expect(hasLineControl('张 三')).toBe(false);
    for (const text of ['\t', '\n', '\r', '\u0000']) expect(hasLineControl(text)).toBe(true);
  });

  it('looks into every value and name of a form, a query or parsed JSON', () => {
    expect(holdsControlCharacter({ a: '1', b: ['2', '3'], c: { d: '第一行\n第二行' } })).toBe(false);
    expect(holdsControlCharacter({ a: ['1', 'x\u0000'] })).toBe(true);
    expect(holdsControlCharacter({ 'k\u0000': '1' })).toBe(true);
    expect(holdsControlCharacter([{ deep: [{ deeper: '\u0007' }] }])).toBe(true);
    expect(holdsControlCharacter(undefined)).toBe(false);
    expect(holdsControlCharacter(42)).toBe(false);
  });
});

describe('control characters in a parsed upload', () => {
  it('looks at its names but not into its bytes', () => {
    const file = { fileName: '心电图.png', data: new Uint8Array([0, 1, 2, 27]) };
    expect(holdsControlCharacter({ fields: {}, files: [file] })).toBe(false);
    expect(holdsControlCharacter({ fields: {}, files: [{ ...file, fileName: 'a\u0000.png' }] })).toBe(true);
  });
});
