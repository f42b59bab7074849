import { BARCODE_LABEL_COUNT_MAX } from '@checkup/api-contract';

/** What the desk prints after 完成登记; 速打 prints the remembered one at once. */
export interface PrintChoice {
  guide_sheet: boolean;
  labels: boolean;
  label_count: number;
}

const keyOf = (workstationId: string | undefined) => `desk_print_choice:${workstationId ?? 'none'}`;

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The choice this workstation made last (kept in the browser under its workstation id, 打印配置);
 * the first time, both documents and 打印配置's label count.
 */
export function rememberedPrintChoice(workstationId: string | undefined, defaultLabelCount: number): PrintChoice {
  const fallback = { guide_sheet: true, labels: true, label_count: defaultLabelCount };
  try {
    const saved = JSON.parse(store()?.getItem(keyOf(workstationId)) ?? 'null') as Partial<PrintChoice> | null;
    if (!saved) return fallback;
    const count = Number(saved.label_count);
    return {
      guide_sheet: saved.guide_sheet !== false,
      labels: saved.labels !== false,
      label_count:
        Number.isInteger(count) && count >= 1 && count <= BARCODE_LABEL_COUNT_MAX ? count : defaultLabelCount,
    };
  } catch {
    return fallback;
  }
}

export function rememberPrintChoice(workstationId: string | undefined, choice: PrintChoice): void {
  try {
    store()?.setItem(keyOf(workstationId), JSON.stringify(choice));
  } catch {
    // Without local storage the choice is asked again next time.
  }
}
