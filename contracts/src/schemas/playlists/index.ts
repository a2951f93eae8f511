/**
 * The playlists plugin's schemas, one file per concern.
 *
 * Playlists: the reference product's routes and fields (so its clients and scripts work) with
 * the spec's additions (automatic following with a verified starting snapshot, explicit
 * requests, per-server sync state). Field names stay as the reference spells them, with `source`
 * where the platform's name stood (`source_id`, `source_removed`).
 */
export { PlaylistSortOrder } from './setting-fields.js';
export * from './settings.js';
export * from './playlist.js';
export * from './follow.js';
export * from './videos.js';
export * from './actions.js';
export * from './media-servers.js';
