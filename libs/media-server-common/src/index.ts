export * from './failures.js';
export * from './files.js';
export * from './publishing.js';
export * from './settings.js';
