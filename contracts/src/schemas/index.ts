export * from './common.js';
export * from './auth.js';
export * from './config.js';
export * from './downloader.js';
export * from './scheduler.js';
export * from './channels.js';
export * from './playlists.js';
export * from './plugins.js';
