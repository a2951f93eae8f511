import type { PluginLogger } from '@vidkeep/contracts';

const quiet = () => undefined;

/** A logger for unit tests that drops everything. */
export const silentLogger: PluginLogger = {
  fatal: quiet,
  error: quiet,
  warn: quiet,
  info: quiet,
  debug: quiet,
  trace: quiet,
  child: () => silentLogger,
};
