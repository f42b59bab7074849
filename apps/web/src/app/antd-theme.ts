import type { ThemeConfig } from 'antd';
import type { ThemePalette } from './theme';

/** Greys that reach 4.5:1 on white and on the #fafafa/#f5f7fa rows and pages (antd's #8c8c8c is 3.4:1). */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.62)';
const PLACEHOLDER_TEXT = 'rgba(0, 0, 0, 0.58)';
/** antd red-7: 5.6:1 on white, and white on it; antd's #ff4d4f is 3.3:1 both ways. */
const ERROR = '#cf1322';
const WHITE = '#ffffff';
/** Status colours as text: antd's darker steps of green, blue and orange (5:1 and more on their tints). */
const STATUS_TEXT = { colorSuccess: '#237804', colorInfo: '#0958d9', colorWarning: '#ad4e00' };
/**
 * Tag text on its light background: antd writes colour-7 on colour-1, under 4.5:1 for these presets;
 * the next darker step of the same antd palette that reaches it.
 */
const TAG_TEXT = {
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#237804',
  cyan7: '#006d75',
};

/**
 * antd's theme from a palette (issue 18, WCAG 2 AA). colorPrimary stays the theme colour, the surface of
 * primary buttons, switches and checked boxes; colorTextLightSolid, antd's text on that surface, is
 * the palette's onSurface; wherever antd writes the theme colour as text on white it gets the darker
 * shade. Components whose solid text sits on another colour keep white.
 */
export function antdThemeOf(palette: ThemePalette): ThemeConfig {
  const { surface, surfaceHover, surfaceActive, onSurface, text } = palette;
  return {
    token: {
      colorPrimary: surface,
      colorPrimaryHover: surfaceHover,
      colorPrimaryActive: surfaceActive,
      colorTextLightSolid: onSurface,
      colorLink: text,
      colorLinkHover: text,
      colorLinkActive: text,
      colorPrimaryText: text,
      colorPrimaryTextHover: text,
      colorPrimaryTextActive: text,
      colorTextTertiary: SECONDARY_TEXT,
      colorTextDescription: SECONDARY_TEXT,
      colorTextPlaceholder: PLACEHOLDER_TEXT,
      colorError: ERROR,
      colorErrorText: ERROR,
      colorSuccessText: STATUS_TEXT.colorSuccess,
      colorInfoText: STATUS_TEXT.colorInfo,
      colorWarningText: STATUS_TEXT.colorWarning,
    },
    components: {
      Button: { primaryColor: onSurface, dangerColor: WHITE, defaultHoverColor: text, defaultActiveColor: text },
      Menu: { itemSelectedColor: text, subMenuItemSelectedColor: text },
      // antd greys an empty table's words like disabled text (#bfbfbf); they are read, not disabled.
      Table: { colorTextDisabled: PLACEHOLDER_TEXT },
      // Status tags write antd's bright status colours (#52c41a, #1677ff, #faad14) as text.
      Tag: { ...TAG_TEXT, ...STATUS_TEXT },
      Tabs: { itemSelectedColor: text, itemHoverColor: text, itemActiveColor: text },
      Tooltip: { colorTextLightSolid: WHITE },
      Badge: { colorTextLightSolid: WHITE },
    },
  };
}
