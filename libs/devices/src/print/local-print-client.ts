import { DEFAULT_PRINT_SETTINGS, type PrintSettings } from '@checkup/api-contract';
import { deviceError, deviceOk, type DeviceResult } from '../result.js';
import { defaultFetch, getJson, isRecord, type FetchLike } from '../transport/http.js';
import {
  downloadedMessage,
  PREVIEW_OK_MESSAGE,
  PRINT_MESSAGES,
  printBatchMessage,
  type PrintErrorCode,
} from './messages.js';
import { describePrintControls, type PrintControl, type PrintControlCheck } from './print-controls.js';

export type DownloadFormat = 'pdf' | 'docx';
export interface DownloadRequest {
  url: string;
  fileName: string;
  format: DownloadFormat;
}
/** Saves one file in the browser; the web passes its own (it knows where pdf and docx versions live). */
export type FileDownloader = (file: DownloadRequest) => Promise<void> | void;

export interface PrintFileResult {
  file: string;
  ok: boolean;
  message: string;
}
/** spec §3 printing batch result, with the message and how loudly to show it. */
export interface PrintBatch {
  total: number;
  report_success_count: number;
  report_error_count: number;
  files: PrintFileResult[];
  level: 'success' | 'warning' | 'error';
  message: string;
}
export type PrintOutcome =
  { kind: 'printed'; batch: PrintBatch } | { kind: 'downloaded'; count: number; message: string };
export type PrintResult<T> = DeviceResult<T, PrintErrorCode>;

/**
 * Where the helpers answer: 打印配置's settings for this workstation (the web reads them from the
 * server); without them, the PC itself at the spec's ports (DEFAULT_PRINT_SETTINGS).
 */
export interface LocalPrintClientOptions {
  fetch?: FetchLike;
  /** Base addresses tried in order; the first that answers is used (spec §9: 8000, then 18000). */
  printServiceUrls?: readonly string[];
  /** The Word control (spec §9 print helper). */
  printHelperUrl?: string;
  conversionUrl?: string;
  download?: FileDownloader;
  /** Installer addresses shown with the missing-control warning. */
  controlDownloads?: Partial<Record<PrintControl, string>>;
  healthTimeoutMs?: number;
  printTimeoutMs?: number;
}

const fail = (error: PrintErrorCode, detail?: unknown) =>
  deviceError(
    error,
    typeof detail === 'string' && detail.trim() ? `${PRINT_MESSAGES[error]}：${detail.trim()}` : PRINT_MESSAGES[error],
  );
const isOne = (value: unknown) => value === 1 || value === '1';
/** The paths are appended to a base address, so it ends with a slash. */
const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

function downloadName(url: string, index: number, format: DownloadFormat): string {
  const last = url.split(/[?#]/)[0]!.split('/').pop() ?? '';
  let name = '';
  try {
    name = decodeURIComponent(last).replace(/\.[^.]*$/, '');
  } catch {
    name = '';
  }
  return `${name || `报告${index + 1}`}.${format}`;
}

/** The local print service, print helper and conversion service on this PC (spec §7, §9). */
export class LocalPrintClient {
  readonly #fetch: FetchLike;
  readonly #options: LocalPrintClientOptions;

  constructor(options: LocalPrintClientOptions = {}) {
    this.#fetch = options.fetch ?? defaultFetch;
    this.#options = options;
  }

  /** The client for one workstation's effective print settings. */
  static forSettings(
    settings: Pick<PrintSettings, 'print_service_urls' | 'print_helper_url' | 'conversion_url'>,
    options: Omit<LocalPrintClientOptions, 'printServiceUrls' | 'printHelperUrl' | 'conversionUrl'> = {},
  ): LocalPrintClient {
    return new LocalPrintClient({
      ...options,
      printServiceUrls: settings.print_service_urls,
      printHelperUrl: settings.print_helper_url,
      conversionUrl: settings.conversion_url,
    });
  }

  /** Health check GET on a root: any HTTP answer means something is listening. */
  async #answers(url: string): Promise<boolean> {
    const answer = await getJson(this.#fetch, url, { timeoutMs: this.#options.healthTimeoutMs ?? 3_000 });
    return answer.ok || answer.failure === 'http_status' || answer.failure === 'not_json';
  }

  /** The base address of the first print service port that answers. */
  async findPrintService(): Promise<PrintResult<string>> {
    for (const url of this.#options.printServiceUrls ?? DEFAULT_PRINT_SETTINGS.print_service_urls) {
      const base = withSlash(url);
      if (await this.#answers(base)) return deviceOk(base);
    }
    return fail('print_service_down');
  }

  isPrintHelperUp(): Promise<boolean> {
    return this.#answers(withSlash(this.#options.printHelperUrl ?? DEFAULT_PRINT_SETTINGS.print_helper_url));
  }

  async checkConversionService(): Promise<PrintResult<void>> {
    const up = await this.#answers(withSlash(this.#options.conversionUrl ?? DEFAULT_PRINT_SETTINGS.conversion_url));
    return up ? deviceOk(undefined) : fail('conversion_service_down');
  }

  /** spec §2: which of the Word control (print helper) and the local print service are missing. */
  async checkPrintControls(): Promise<PrintControlCheck> {
    const [word, service] = await Promise.all([this.isPrintHelperUp(), this.findPrintService()]);
    return describePrintControls({ word_control: word, print_service: service.ok }, this.#options.controlDownloads);
  }

  /** GET /printword: value 1 per file means printed; the batch message counts them (spec §8). */
  async printWord(files: readonly string[], printerName = ''): Promise<PrintResult<PrintBatch>> {
    if (files.length === 0) return fail('no_files');
    const service = await this.findPrintService();
    return service.ok ? this.#printWordAt(service.data, files, printerName) : service;
  }

  async #printWordAt(base: string, files: readonly string[], printerName: string): Promise<PrintResult<PrintBatch>> {
    const query = `word_list=${encodeURIComponent(JSON.stringify(files))}&printer_name=${encodeURIComponent(printerName)}`;
    const answer = await getJson(this.#fetch, `${base}printword?${query}`, {
      timeoutMs: this.#options.printTimeoutMs ?? 120_000,
    });
    if (!answer.ok) {
      if (answer.failure === 'unreachable') return fail('print_service_down');
      if (answer.failure === 'not_json') return fail('malformed');
      return fail('print_failed', answer.status ? `状态码 ${answer.status}` : undefined);
    }
    const body = answer.body;
    if (!isRecord(body)) return fail('malformed');
    if (!Array.isArray(body.data)) return body.status === false ? fail('print_failed', body.msg) : fail('malformed');
    const results = body.data as unknown[];
    const perFile = files.map((file, i): PrintFileResult => {
      const entry = results[i];
      const ok = isRecord(entry) && isOne(entry.value);
      const msg = isRecord(entry) && typeof entry.msg === 'string' ? entry.msg : '';
      return { file, ok, message: msg || (ok ? '打印成功' : PRINT_MESSAGES.print_failed) };
    });
    const success = perFile.filter((f) => f.ok).length;
    return deviceOk({
      total: files.length,
      report_success_count: success,
      report_error_count: files.length - success,
      files: perFile,
      level: success === files.length ? 'success' : success === 0 ? 'error' : 'warning',
      message: printBatchMessage(files.length, success),
    });
  }

  /** GET /preview: the service opens the file in the Office viewer. */
  async preview(url: string): Promise<PrintResult<string>> {
    const service = await this.findPrintService();
    if (!service.ok) return fail('preview_service_down');
    const answer = await getJson(this.#fetch, `${service.data}preview?url=${encodeURIComponent(url)}`, {
      timeoutMs: this.#options.printTimeoutMs ?? 120_000,
    });
    if (!answer.ok) return fail(answer.failure === 'unreachable' ? 'preview_service_down' : 'preview_failed');
    const body = answer.body;
    if (isRecord(body) && (body.status === true || isOne(body.status))) return deviceOk(PREVIEW_OK_MESSAGE);
    return fail('preview_failed', isRecord(body) ? body.msg : undefined);
  }

  /** Prints through the service, or, when it is down, downloads the files as pdf or docx (spec §8). */
  async printOrDownload(
    files: readonly string[],
    { printerName = '', format = 'pdf' }: { printerName?: string; format?: DownloadFormat } = {},
  ): Promise<PrintResult<PrintOutcome>> {
    if (files.length === 0) return fail('no_files');
    const service = await this.findPrintService();
    if (service.ok) {
      const printed = await this.#printWordAt(service.data, files, printerName);
      return printed.ok ? deviceOk({ kind: 'printed', batch: printed.data }) : printed;
    }
    const download = this.#options.download;
    if (!download) return service;
    try {
      for (const [i, url] of files.entries()) await download({ url, fileName: downloadName(url, i, format), format });
    } catch {
      return fail('download_failed');
    }
    return deviceOk({ kind: 'downloaded', count: files.length, message: downloadedMessage(files.length, format) });
  }
}
