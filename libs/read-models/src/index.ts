export * from './watch-copy.js';
