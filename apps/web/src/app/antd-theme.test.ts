import { describe, expect, it } from 'vitest';
import { antdThemeOf } from './antd-theme';
import { AA_TEXT, contrastRatio, themePalette } from './theme';

describe('antdThemeOf (issue 18, WCAG 2 AA)', () => {
  it.each(['default', 'yellow', 'blue'])('keeps the %s colour as antd primary and writes readable text', (style) => {
    const palette = themePalette(style);
    const { token, components } = antdThemeOf(palette);
    expect(token?.colorPrimary).toBe(palette.surface);
    expect(token?.colorTextLightSolid).toBe(palette.onSurface);
    expect(components?.Button?.primaryColor).toBe(palette.onSurface);
    for (const text of [token?.colorLink, token?.colorPrimaryText, components?.Menu?.itemSelectedColor]) {
      expect(contrastRatio(text!, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it('gives status and tag texts at least 4.5:1 on white', () => {
    const { token, components } = antdThemeOf(themePalette('default'));
    const texts = [token?.colorError, token?.colorSuccessText, token?.colorInfoText, token?.colorWarningText];
    const tags = Object.values(components?.Tag ?? {}) as string[];
    for (const text of [...texts, ...tags]) expect(contrastRatio(text!, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
