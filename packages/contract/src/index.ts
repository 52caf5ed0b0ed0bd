export * from './auth.js';
export * from './errors.js';
export * from './federal-states.js';
export * from './health.js';
export * from './limits.js';
