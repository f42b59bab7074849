import { z } from 'zod';
import { httpBaseAddress } from './field-schemas.js';

/**
 * 打印配置 (cfg/print_cfg): where a workstation's local print service and print helper answer
 * (spec §7, §9), which printer takes each document and how many barcode labels print. The centre's
 * defaults are parameter 0120; a workstation overrides any of them, and may name its own ID-card
 * reader address over 0110's.
 */

/** The documents staff print, each with its own printer (blank: the PC's default printer). */
export const PRINT_DOCUMENTS = { guide_sheet: '指引单', barcode: '条码', report: '体检报告' } as const;
export type PrintDocument = keyof typeof PRINT_DOCUMENTS;
export const PRINT_DOCUMENT_KEYS = Object.keys(PRINT_DOCUMENTS) as PrintDocument[];

export const BARCODE_LABEL_COUNT_MAX = 10;
const LABEL_COUNT_MESSAGE = `条码打印份数应为1到${BARCODE_LABEL_COUNT_MAX}之间的整数`;

const printerName = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(64, `${label}不能超过64个字符`)
    .regex(/^\P{Cc}*$/u, `${label}不能包含控制字符`);

const printers = {
  guide_sheet: printerName('指引单打印机'),
  barcode: printerName('条码打印机'),
  report: printerName('报告打印机'),
};

const printServiceUrls = z
  .array(httpBaseAddress('打印服务地址', 'http://127.0.0.1:8000/'), { error: '请填写打印服务地址' })
  .min(1, '请填写打印服务地址')
  .max(2, '打印服务地址最多两个（一个备用）');

const fields = {
  /** Tried in order; the first that answers prints (spec §9: 8000, then 18000). */
  print_service_urls: printServiceUrls,
  /** The Word control (spec §9 print helper, 7832). */
  print_helper_url: httpBaseAddress('Word控件地址', 'http://127.0.0.1:7832/'),
  conversion_url: httpBaseAddress('转换服务地址', 'http://127.0.0.1:5080/'),
  barcode_label_count: z
    .number({ error: LABEL_COUNT_MESSAGE })
    .int(LABEL_COUNT_MESSAGE)
    .min(1, LABEL_COUNT_MESSAGE)
    .max(BARCODE_LABEL_COUNT_MAX, LABEL_COUNT_MESSAGE),
};

/** Parameter 0120: the centre-wide print settings. */
export const printSettingsSchema = z.object({ ...fields, printers: z.object(printers) });
export type PrintSettings = z.infer<typeof printSettingsSchema>;

/** What applies until 0120 is saved: the helpers on the PC itself at the spec's ports. */
export const DEFAULT_PRINT_SETTINGS: PrintSettings = {
  print_service_urls: ['http://127.0.0.1:8000/', 'http://127.0.0.1:18000/'],
  print_helper_url: 'http://127.0.0.1:7832/',
  conversion_url: 'http://127.0.0.1:5080/',
  printers: { guide_sheet: '', barcode: '', report: '' },
  barcode_label_count: 1,
};

/** A workstation's own settings: each one given replaces the default, an absent one keeps it. */
export const workstationOverridesSchema = z.object({
  print_service_urls: fields.print_service_urls.optional(),
  print_helper_url: fields.print_helper_url.optional(),
  conversion_url: fields.conversion_url.optional(),
  barcode_label_count: fields.barcode_label_count.optional(),
  printers: z
    .object({
      guide_sheet: printers.guide_sheet.optional(),
      barcode: printers.barcode.optional(),
      report: printers.report.optional(),
    })
    .optional(),
  /** Replaces the address 0110 enables (the exe or the local one) on this workstation and kiosk. */
  card_reader_url: httpBaseAddress('读卡地址', 'http://127.0.0.1:8989/').optional(),
});
export type WorkstationOverrides = z.infer<typeof workstationOverridesSchema>;

const given = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

/** The settings a workstation prints with: the defaults, overridden by what the workstation sets. */
export function effectivePrintSettings(defaults: PrintSettings, overrides: WorkstationOverrides = {}): PrintSettings {
  const { printers: ownPrinters, card_reader_url: _reader, ...own } = overrides;
  return { ...defaults, ...given(own), printers: { ...defaults.printers, ...given(ownPrinters ?? {}) } };
}
