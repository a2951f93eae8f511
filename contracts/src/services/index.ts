export * from './ref.js';
export * from './logger.js';
export * from './config.js';
export * from './auth.js';
export * from './events.js';
export * from './live.js';
export * from './downloader.js';
export * from './scheduler.js';
