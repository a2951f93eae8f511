/**
 * `@vidkeep/contracts/downloader`: what is the downloader plugin's own (HTTP shapes, error codes and config section). The root entry exports the
 * same modules (one instance); plugins import another plugin's own shapes from here, not the kit.
 */
export * from '../schemas/downloader/index.js';
export * from '../errors/downloader.js';
export * from '../config/downloader.js';
