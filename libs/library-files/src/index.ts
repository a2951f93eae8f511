export * from './channel-folder.js';
export * from './move.js';
export * from './nfo.js';
export * from './poster.js';
export * from './rating.js';
