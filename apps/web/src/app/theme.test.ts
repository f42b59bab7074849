import { describe, expect, it } from 'vitest';
import { themeColorOf } from './theme';

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
