/**
 * `@vidkeep/contracts/notifications`: what is the notifications plugin's own (HTTP shapes, error codes and config section). The root entry exports the
 * same modules (one instance); plugins import another plugin's own shapes from here, not the kit.
 */
export * from '../schemas/notifications.js';
export * from '../errors/notifications.js';
export * from '../config/notifications.js';
