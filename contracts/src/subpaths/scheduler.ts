/**
 * `@vidkeep/contracts/scheduler`: what is the scheduler plugin's own (HTTP shapes, error codes and config section). The root entry exports the
 * same modules (one instance); plugins import another plugin's own shapes from here, not the kit.
 */
export * from '../schemas/scheduler.js';
export * from '../errors/scheduler.js';
export * from '../config/scheduler.js';
