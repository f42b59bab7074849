export * from './zod-locale.js';
export * from './envelope.js';
export * from './errors.js';
export * from './route.js';
export * from './login.js';
export * from './commondata.js';
export * from './validators.js';
export * from './masking.js';
