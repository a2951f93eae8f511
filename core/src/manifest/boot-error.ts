export const BootErrorCodes = {
  manifestInvalid: 'CORE_MANIFEST_INVALID',
  unknown: 'CORE_PLUGIN_UNKNOWN',
  notAPlugin: 'CORE_PLUGIN_INVALID_DEFINITION',
  loadFailed: 'CORE_PLUGIN_LOAD_FAILED',
  duplicate: 'CORE_PLUGIN_DUPLICATE',
  idMismatch: 'CORE_PLUGIN_ID_MISMATCH',
  optionsInvalid: 'CORE_PLUGIN_OPTIONS_INVALID',
  dependencyMissing: 'CORE_PLUGIN_DEPENDENCY_MISSING',
  dependencyCycle: 'CORE_PLUGIN_DEPENDENCY_CYCLE',
  coreMismatch: 'CORE_PLUGIN_CORE_MISMATCH',
  registerFailed: 'CORE_PLUGIN_REGISTER_FAILED',
} as const;

/** A boot failure caused by one plugin. The message always starts with `Plugin "<id>":`. */
export class PluginBootError extends Error {
  constructor(
    readonly code: string,
    readonly pluginId: string,
    problem: string,
    options?: { cause?: unknown },
  ) {
    super(`Plugin "${pluginId}": ${problem} [${code}]`, options);
    this.name = 'PluginBootError';
  }
}

export class ManifestError extends Error {
  readonly code = BootErrorCodes.manifestInvalid;
  constructor(path: string, problem: string) {
    super(`Plugin manifest ${path}: ${problem} [${BootErrorCodes.manifestInvalid}]`);
    this.name = 'ManifestError';
  }
}
