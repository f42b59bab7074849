import { XLSX_TYPE, type UploadRule } from '../uploads.js';

/** A spreadsheet to import: an .xlsx of at most 10 MB (about 100,000 short rows). */
export const XLSX_UPLOAD_RULE: UploadRule = {
  maxBytes: 10 * 1024 * 1024,
  types: [XLSX_TYPE],
  typesLabel: 'Excel 工作簿（.xlsx）',
};

/** The header of the error report's extra column: why a row was refused. */
export const IMPORT_ERROR_HEADER = '错误原因';
