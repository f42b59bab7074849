export * from './sample-cards.js';
export * from './id-card-sim.js';
export * from './fingerprint-sim.js';
export * from './fingerprint-templates.js';
export * from './print-sim.js';
export * from './health-sim.js';
export * from './start-all.js';
