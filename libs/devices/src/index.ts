export * from './result.js';
export * from './ports.js';
