/**
 * `@vidkeep/contracts/retention`: what is the retention plugin's own (HTTP shapes, error codes and config section). The root entry exports the
 * same modules (one instance); plugins import another plugin's own shapes from here, not the kit.
 */
export * from '../schemas/retention.js';
export * from '../errors/retention.js';
export * from '../config/retention.js';
