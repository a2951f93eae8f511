/**
 * `@vidkeep/contracts/library`: what is the library plugin's own (HTTP shapes). The root entry exports the
 * same modules (one instance); plugins import another plugin's own shapes from here, not the kit.
 */
export * from '../schemas/library-files.js';
