/**
 * `@vidkeep/contracts/auth`: what is the auth plugin's own (HTTP shapes, error codes and config section). The root entry exports the
 * same modules (one instance); plugins import another plugin's own shapes from here, not the kit.
 */
export * from '../schemas/auth.js';
export * from '../errors/auth.js';
export * from '../config/auth.js';
