/**
 * `@vidkeep/contracts/watch-status`: what is the watch-status plugin's own (HTTP shapes, error codes and config section). The root entry exports the
 * same modules (one instance); plugins import another plugin's own shapes from here, not the kit.
 */
export * from '../schemas/watch-status.js';
export * from '../errors/watch-status.js';
export * from '../config/watch-status.js';
