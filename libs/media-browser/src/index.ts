export * from './client.js';
export * from './plugin.js';
export * from './watch.js';
export * from './wire.js';
