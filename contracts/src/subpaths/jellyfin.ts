/**
 * `@vidkeep/contracts/jellyfin`: what is the jellyfin plugin's own (HTTP shapes, error codes and config section). The root entry exports the
 * same modules (one instance); plugins import another plugin's own shapes from here, not the kit.
 */
export * from '../schemas/jellyfin.js';
export * from '../errors/jellyfin.js';
export * from '../config/jellyfin.js';
