export * from './read-model.js';
export * from './watch-copy.js';
export * from './library-state.js';
