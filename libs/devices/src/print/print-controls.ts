/** spec §2: the two local print controls checked when a printing page opens. */
export type PrintControl = 'word_control' | 'print_service';

/** spec §8 missing-control warnings. */
export const PRINT_CONTROL_MESSAGES: Record<PrintControl, string> = {
  word_control: '未安装或未启动Word控件',
  print_service: '本地打印服务未安装（若正在加载请稍候）',
};

/** spec §9: how long the missing-control warning stays. */
export const PRINT_CONTROL_WARNING_MS = 5_000;

export interface MissingPrintControl {
  control: PrintControl;
  message: string;
  /** Where its installer can be downloaded, when the page was given one. */
  downloadUrl?: string;
}

export interface PrintControlCheck {
  wordControl: boolean;
  printService: boolean;
  missing: MissingPrintControl[];
}

export function describePrintControls(
  present: Record<PrintControl, boolean>,
  downloads: Partial<Record<PrintControl, string>> = {},
): PrintControlCheck {
  const missing = (['word_control', 'print_service'] as const)
    .filter((control) => !present[control])
    .map((control) => {
      const downloadUrl = downloads[control];
      const item: MissingPrintControl = { control, message: PRINT_CONTROL_MESSAGES[control] };
      return downloadUrl ? { ...item, downloadUrl } : item;
    });
  return { wordControl: present.word_control, printService: present.print_service, missing };
}
