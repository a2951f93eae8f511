/** The errors of the configuration: a config file that cannot be used, a save that is refused. */
export class ConfigFileError extends Error {
  constructor(path: string, problem: string) {
    super(`Configuration file ${path}: ${problem}`);
    this.name = 'ConfigFileError';
  }
}

export class ConfigValidationError extends Error {
  constructor(readonly details: { path: string; message: string }[]) {
    super(details.map((d) => `${d.path}: ${d.message}`).join('; '));
    this.name = 'ConfigValidationError';
  }
}
