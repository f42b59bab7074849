/** spec §8 printing messages. */
export const PRINT_MESSAGES = {
  print_service_down: '打印服务未启动，请启动后重试',
  conversion_service_down: '转换服务未启动',
  preview_service_down: '预览服务未启动',
  print_failed: '打印失败',
  download_failed: '下载失败',
  preview_failed: '报告预览失败',
  malformed: '本地打印服务返回的数据格式不正确',
  no_files: '没有需要打印的文件',
} as const;

export type PrintErrorCode = keyof typeof PRINT_MESSAGES;

/** spec §8: a successful preview tells the staff to look in the Office viewer. */
export const PREVIEW_OK_MESSAGE = '预览成功，请在打开的 Office 查看器中查看报告';

/** spec §8 batch print messages: all N printed; partial (total, success, failed); all failed. */
export function printBatchMessage(total: number, success: number): string {
  const failed = total - success;
  if (failed === 0) return `共${total}份，全部打印成功`;
  if (success === 0) return `共${total}份，全部打印失败`;
  return `共${total}份，成功${success}份，失败${failed}份`;
}

/** What the page shows when the print service is down and the files were downloaded instead (spec §8). */
export const downloadedMessage = (count: number, format: 'pdf' | 'docx') =>
  `本地打印服务未启动，已改为下载${count}个${format === 'pdf' ? 'PDF' : 'Word'}文件`;
