export * from './manifest.js';
