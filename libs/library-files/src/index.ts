export * from './channel-folder.js';
export * from './move.js';
export * from './mp4-rating.js';
export * from './nfo.js';
export * from './paths.js';
export * from './poster.js';
export * from './rating.js';
