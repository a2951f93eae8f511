/**
 * `@vidkeep/contracts/feeds`: what is the feeds plugin's own (HTTP shapes, error codes, config
 * section and its extension point). The root entry exports the same modules (one instance).
 */
export * from '../schemas/feeds.js';
export * from '../errors/feeds.js';
export * from '../config/feeds.js';
export * from '../services/feeds.js';
