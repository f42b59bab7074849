export * from './developing-page.js';
export * from './generic-table/generic-table.js';
export * from './generic-table/column-widths.js';
export * from './tab-strip.js';
export * from './ai-correction-dialog.js';
export * from './function-help-icon.js';
export * from './list-filters.js';
export * from './schema-form/schema-form.js';
