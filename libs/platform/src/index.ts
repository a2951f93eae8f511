export * from './cookie-file.js';
