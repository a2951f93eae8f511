/**
 * `@vidkeep/contracts/channels`: what is the channels plugin's own (HTTP shapes, error codes and config section). The root entry exports the
 * same modules (one instance); plugins import another plugin's own shapes from here, not the kit.
 */
export * from '../schemas/channels/index.js';
export * from '../schemas/subscription-import.js';
export * from '../errors/channels.js';
export * from '../config/channels.js';
