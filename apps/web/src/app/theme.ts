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

/** Spec §1: the title is the configured name followed by this fixed suffix, set 1 s after start. */
export const TITLE_SUFFIX = ' - 体检管理系统';
export const TITLE_DELAY_MS = 1000;
