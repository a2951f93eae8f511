/**
 * `@vidkeep/contracts/playlists`: what is the playlists plugin's own (HTTP shapes and error codes). The root entry exports the
 * same modules (one instance); plugins import another plugin's own shapes from here, not the kit.
 */
export * from '../schemas/playlists/index.js';
export * from '../errors/playlists.js';
