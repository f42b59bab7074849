import {
  PRINT_DOCUMENTS,
  PRINT_DOCUMENT_KEYS,
  type PrintDocument,
  type PrintSettings,
  type WorkstationOverrides,
  type z,
} from '@checkup/api-contract';

/**
 * The print settings as one flat form (the contract's shape nests the printers and lists the
 * print service addresses), both ways, and the contract's refusals put back on their fields.
 */
export type SettingsFormValues = Record<PrintDocument, string> & {
  print_service_url: string;
  print_service_fallback_url: string;
  print_helper_url: string;
  conversion_url: string;
  barcode_label_count: number | null;
};

export type WorkstationFormValues = SettingsFormValues & { workstation_name: string; card_reader_url: string };
type FieldName = keyof WorkstationFormValues;

export const SETTING_LABELS: Record<Exclude<keyof WorkstationOverrides, 'printers'> | PrintDocument, string> = {
  print_service_urls: '打印服务地址',
  print_helper_url: 'Word控件地址',
  conversion_url: '转换服务地址',
  barcode_label_count: '条码打印份数',
  card_reader_url: '读卡地址',
  guide_sheet: `${PRINT_DOCUMENTS.guide_sheet}打印机`,
  barcode: `${PRINT_DOCUMENTS.barcode}打印机`,
  report: '报告打印机',
};

/** The defaults, or a workstation's own settings (where a blank keeps the default). */
export function formValuesOf(settings: PrintSettings | WorkstationOverrides): SettingsFormValues {
  const [first = '', second = ''] = settings.print_service_urls ?? [];
  return {
    print_service_url: first,
    print_service_fallback_url: second,
    print_helper_url: settings.print_helper_url ?? '',
    conversion_url: settings.conversion_url ?? '',
    barcode_label_count: settings.barcode_label_count ?? null,
    ...(Object.fromEntries(PRINT_DOCUMENT_KEYS.map((doc) => [doc, settings.printers?.[doc] ?? ''])) as Record<
      PrintDocument,
      string
    >),
  };
}

const serviceUrls = (values: SettingsFormValues) => {
  const [first, second] = [values.print_service_url.trim(), values.print_service_fallback_url.trim()];
  return first ? [first, ...(second ? [second] : [])] : [];
};

/** The defaults as the form holds them; the contract decides what is wrong with them. */
export function settingsOf(values: SettingsFormValues): unknown {
  return {
    print_service_urls: serviceUrls(values),
    print_helper_url: values.print_helper_url,
    conversion_url: values.conversion_url,
    barcode_label_count: values.barcode_label_count,
    printers: Object.fromEntries(PRINT_DOCUMENT_KEYS.map((doc) => [doc, values[doc]])),
  };
}

/** A workstation's own settings: what its form fills in; a blank keeps the default. */
export function overridesOf(values: WorkstationFormValues): unknown {
  const filled = (value: string | undefined) => (value?.trim() ? value : undefined);
  const printers = Object.fromEntries(
    PRINT_DOCUMENT_KEYS.flatMap((doc) => (filled(values[doc]) ? [[doc, values[doc]]] : [])),
  );
  const own = {
    print_service_urls: serviceUrls(values).length > 0 ? serviceUrls(values) : undefined,
    print_helper_url: filled(values.print_helper_url),
    conversion_url: filled(values.conversion_url),
    barcode_label_count: values.barcode_label_count ?? undefined,
    printers: Object.keys(printers).length > 0 ? printers : undefined,
    card_reader_url: filled(values.card_reader_url),
  };
  return Object.fromEntries(Object.entries(own).filter(([, value]) => value !== undefined));
}

/** Where a contract refusal belongs on the flat form. */
function fieldOf(path: readonly PropertyKey[]): FieldName {
  const [head, next] = path;
  if (head === 'print_service_urls') return next === 1 ? 'print_service_fallback_url' : 'print_service_url';
  if (head === 'printers' && typeof next === 'string') return next as PrintDocument;
  return head as FieldName;
}

/** The refusals of a contract schema, field by field, for antd's form.setFields on a form of `V`. */
export function fieldErrorsOf<V extends SettingsFormValues>(error: z.ZodError) {
  const errors = new Map<FieldName, string[]>();
  for (const issue of error.issues) {
    const name = fieldOf(issue.path);
    errors.set(name, [...(errors.get(name) ?? []), issue.message]);
  }
  // The schema of V's form refuses only V's fields.
  return [...errors].map(([name, messages]) => ({ name: name as keyof V & string, errors: messages }));
}
