export * from './typebox.js';
export * from './plugin/index.js';
export * from './services/index.js';
export * from './events/index.js';
export * from './errors/index.js';
export * from './live/messages.js';
export * from './schemas/index.js';
export * from './config/index.js';
export * from './cron.js';
export * from './text.js';
export * from './download-override.js';

/** Version of the HTTP interface description (spec 9). */
export const API_VERSION = '1.86.1';
export * from './media-server-address.js';
