/** The channels plugin's schemas, one file per concern. */
export * from './tabs.js';
export * from './subfolders.js';
export { M3uSortOrder } from './setting-fields.js';
export * from './channel.js';
export * from './search.js';
export * from './subscriptions.js';
export * from './settings.js';
export * from './videos.js';
export * from './fetch-all.js';
export * from './downloads.js';
export * from './ignore.js';
