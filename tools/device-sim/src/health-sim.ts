import { notFound, sendJson, startHttp, type ListenOptions } from './http-kit.js';

export interface HealthSim {
  port: number;
  close(): Promise<void>;
}

export const PRINT_HELPER_SIM_PORT = 7832;
export const CONVERSION_SIM_PORT = 5080;

async function startHealthSim(name: string, msg: string, options: ListenOptions): Promise<HealthSim> {
  const http = await startHttp(name, options, (req, url, res) => {
    if (req.method === 'GET' && url.pathname === '/') return sendJson(res, 200, { status: true, msg });
    notFound(res);
  });
  return { port: http.port, close: () => http.close() };
}

/** The Word print helper (the "Word control" of spec §2): only its health check is called. */
export const startPrintHelperSim = (options: Partial<ListenOptions> = {}) =>
  startHealthSim('打印助手（Word控件）模拟', 'Word控件正在运行', {
    ...options,
    port: options.port ?? PRINT_HELPER_SIM_PORT,
  });

/** The document conversion service (spec §7): only its health check is called. */
export const startConversionSim = (options: Partial<ListenOptions> = {}) =>
  startHealthSim('文档转换服务模拟', '转换服务正在运行', { ...options, port: options.port ?? CONVERSION_SIM_PORT });
