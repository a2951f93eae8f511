/** The logging surface plugins get (pino underneath, already tagged with the plugin id). */
export interface LogFn {
  (msg: string): void;
  (obj: object, msg?: string): void;
}
export interface PluginLogger {
  fatal: LogFn;
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
  trace: LogFn;
  child(bindings: Record<string, unknown>): PluginLogger;
}
