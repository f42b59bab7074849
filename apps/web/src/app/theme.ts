import type { COLOR_STYLES } from '@checkup/api-contract';

/** The colour styles 参数设置 offers (contract); each has its colour here. */
type ColorStyle = (typeof COLOR_STYLES)[number];

/** Spec §1: the theme colour follows the server's systemColorStyle. */
export const THEME_COLORS: Record<ColorStyle, string> = {
  yellow: '#FFAB11',
  blue: '#2253E6',
  default: '#30BFBE',
};

export function themeColorOf(systemColorStyle: string | undefined): string {
  if (systemColorStyle === 'yellow') return THEME_COLORS.yellow;
  if (systemColorStyle === 'blue') return THEME_COLORS.blue;
  return THEME_COLORS.default;
}

/**
 * WCAG 2 AA for normal text. The shade for text aims higher: it also sits on the theme's light tints
 * (a selected row is #d8f2ef in teal), which take about a sixth off the contrast.
 */
export const AA_TEXT = 4.5;
const TEXT_SHADE_TARGET = 5.5;
/** antd's own near-black text, written solid so every contrast tool reads the same value. */
export const DARK_TEXT = '#1f1f1f';
const WHITE = '#ffffff';

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance (WCAG 2, §1.4.3 definition) of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * How a theme colour is used (issue 18, WCAG 2 AA): the colour itself stays the surface (header,
 * primary buttons), the text on it is white or near-black, whichever contrasts more, and where the
 * theme colour is the text on white (links, the selected tab or menu item) a darker shade of it is.
 */
export interface ThemePalette {
  surface: string;
  /** The surface under the pointer and pressed, still readable under onSurface. */
  surfaceHover: string;
  surfaceActive: string;
  onSurface: string;
  text: string;
}

/** Towards black keeps the hue: the same colour, darker. */
const darker = (hex: string, factor: number) => toHex(channels(hex).map((c) => c * factor));
const lighter = (hex: string, share: number) => toHex(channels(hex).map((c) => c + (255 - c) * share));

export function themePalette(systemColorStyle: string | undefined): ThemePalette {
  const surface = themeColorOf(systemColorStyle);
  const whiteText = contrastRatio(surface, WHITE) >= AA_TEXT;
  let text = surface;
  while (contrastRatio(text, WHITE) < TEXT_SHADE_TARGET) text = darker(text, 0.96);
  return {
    surface,
    // antd lightens on hover, which would wash out white text: under white text the hover darkens.
    surfaceHover: whiteText ? darker(surface, 0.9) : lighter(surface, 0.15),
    surfaceActive: darker(surface, whiteText ? 0.8 : 0.92),
    onSurface: whiteText ? WHITE : DARK_TEXT,
    text,
  };
}

/** Spec §1: the title is the configured name followed by this fixed suffix, set 1 s after start. */
export const TITLE_SUFFIX = ' - 体检管理系统';
export const TITLE_DELAY_MS = 1000;
