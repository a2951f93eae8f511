import { BootErrorCodes } from '@vidkeep/contracts';

export { BootErrorCodes };
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
