/**
 * `@vidkeep/contracts/emby`: what is the emby plugin's own (HTTP shapes, error codes and config section). The root entry exports the
 * same modules (one instance); plugins import another plugin's own shapes from here, not the kit.
 */
export * from '../schemas/emby.js';
export * from '../errors/emby.js';
export * from '../config/emby.js';
