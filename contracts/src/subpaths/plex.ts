/**
 * `@vidkeep/contracts/plex`: what is the plex plugin's own (HTTP shapes, error codes and config section). The root entry exports the
 * same modules (one instance); plugins import another plugin's own shapes from here, not the kit.
 */
export * from '../schemas/plex.js';
export * from '../errors/plex.js';
export * from '../config/plex.js';
