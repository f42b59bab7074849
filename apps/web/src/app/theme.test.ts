import { describe, expect, it } from 'vitest';
import { AA_TEXT, DARK_TEXT, contrastRatio, themeColorOf, themePalette } from './theme';

describe('themeColorOf', () => {
  it('maps the server colour style to the spec colours', () => {
    expect(themeColorOf('yellow')).toBe('#FFAB11');
    expect(themeColorOf('blue')).toBe('#2253E6');
  });

  it('falls back to teal for anything else', () => {
    expect(themeColorOf('default')).toBe('#30BFBE');
    expect(themeColorOf(undefined)).toBe('#30BFBE');
    expect(themeColorOf('Blue')).toBe('#30BFBE');
  });
});

describe('themePalette (WCAG 2 AA)', () => {
  it.each(['default', 'yellow', 'blue'])('keeps the %s colour as the surface and picks readable text', (style) => {
    const { surface, surfaceHover, surfaceActive, onSurface, text } = themePalette(style);
    expect(surface).toBe(themeColorOf(style));
    for (const under of [surface, surfaceHover, surfaceActive]) {
      expect(contrastRatio(onSurface, under)).toBeGreaterThanOrEqual(AA_TEXT);
    }
    expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(5.5);
  });

  it('writes dark text on teal and yellow, white on blue, and darkens teal for text on white', () => {
    expect(themePalette('default').onSurface).toBe(DARK_TEXT);
    expect(themePalette('yellow').onSurface).toBe(DARK_TEXT);
    expect(themePalette('blue')).toMatchObject({ surface: '#2253E6', onSurface: '#ffffff', text: '#2253E6' });
    expect(contrastRatio('#30bfbe', '#ffffff')).toBeCloseTo(2.25, 2);
  });
});
