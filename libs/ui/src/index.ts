export * from './developing-page.js';
