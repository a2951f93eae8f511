export * from './cookie-file.js';
export * from './url.js';
