import { isIP } from 'node:net';
import { resolve } from 'node:path';

/** The managed hosting platform of spec 1.2 (`PLATFORM`, compared case-insensitively). */
export const MANAGED_PLATFORM = 'elfhosted';
/** Staging path forced by the managed platform (spec 1.2). */
export const MANAGED_TEMP_PATH = '/app/config/temp_downloads';

export type TrustProxySetting = boolean | number | string[];

export interface RuntimeEnvironment {
  host: string;
  port: number;
  logLevel: string;
  /** Raw `PLATFORM` value, or null when unset. */
  platform: string | null;
  /** `PLATFORM` names the managed hosting platform. */
  platformManaged: boolean;
  /** False only when `AUTH_ENABLED=false`. */
  authEnabled: boolean;
  mediaserverUrl: string | null;
  /** Whether `TRUST_PROXY` was set at all: until it is, audit addresses use the socket peer. */
  trustProxyExplicit: boolean;
  trustProxy: TrustProxySetting;
  /**
   * `REQUEST_TIMEOUT_SECONDS` (default 60): how long a client may take to send a whole request
   * (headers and body) before it is answered 408 and the connection closed.
   */
  requestTimeoutMs: number;
  authPreset: { username?: string; password?: string };
  dataPathSet: boolean;
  /** The output directory as `GET /getconfig` reports it: `SOURCE_OUTPUT_DIR`, else `DATA_PATH`. */
  displayedOutputDir: string;
  paths: RuntimePaths;
  /** Every environment variable the app was started with, for plugins' own variables (never read `process.env`). */
  variables: Readonly<Record<string, string | undefined>>;
}

export interface RuntimePaths {
  configDir: string;
  configFile: string;
  databaseFile: string;
  setupTokenFile: string;
  /** Where videos are written. */
  outputDir: string;
  /** Where persistent job data lives (info.json cache and the like): always `CONFIG_DIR/jobs`. */
  jobsDir: string;
  /** Thumbnails served to the UI: always `CONFIG_DIR/images`. */
  imagesDir: string;
  /**
   * `./images` of versions that kept thumbnails in the working directory when `DATA_PATH` was
   * unset (null with `DATA_PATH`, which always used `CONFIG_DIR/images`). Nothing is written
   * there any more; posters recorded there are still served and removed with their video.
   */
  legacyImagesDir: string | null;
}

export class EnvironmentError extends Error {
  constructor(variable: string, problem: string) {
    super(`Environment variable ${variable}: ${problem}`);
    this.name = 'EnvironmentError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * `TRUST_PROXY` (spec 5, rule 8): unset means "trust on" for compatibility, but audit addresses
 * stay the direct peer until the variable is explicitly configured. Accepts false, a hop count,
 * true, or one or more trusted addresses/subnets separated by commas.
 */
export function parseTrustProxy(raw: string | undefined): {
  explicit: boolean;
  value: TrustProxySetting;
} {
  const text = raw?.trim() ?? '';
  if (text === '') return { explicit: false, value: true };
  const lower = text.toLowerCase();
  if (['false', '0', 'no', 'off'].includes(lower)) return { explicit: true, value: false };
  if (['true', 'yes', 'on'].includes(lower)) return { explicit: true, value: true };
  if (/^\d+$/.test(text)) return { explicit: true, value: Number(text) };
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!isTrustedProxyEntry(entry)) {
      throw new EnvironmentError(
        'TRUST_PROXY',
        `"${entry}" is not false, a hop count, true, an IP address, a subnet (CIDR) or one of loopback, linklocal, uniquelocal`,
      );
    }
  }
  return { explicit: true, value: list };
}

/** An IP address, a CIDR subnet with a prefix valid for its family, or a proxy-addr range name. */
function isTrustedProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

/** `CONFIG_DIR`, resolved against the working directory (default `config`). */
export function configDirOf(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  return resolve(cwd, nonEmpty(env.CONFIG_DIR) ?? 'config');
}

/** Reads the process environment once at start. Pure: tests pass their own `env` and `cwd`. */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): RuntimeEnvironment {
  const portText = nonEmpty(env.PORT) ?? '3087';
  if (!/^\d+$/.test(portText) || Number(portText) > 65535) {
    throw new EnvironmentError('PORT', `"${portText}" is not a port number (0-65535)`);
  }
  const logLevel = (nonEmpty(env.LOG_LEVEL) ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new EnvironmentError('LOG_LEVEL', `"${env.LOG_LEVEL}" is not one of ${LOG_LEVELS.join(', ')}`);
  }
  const platform = nonEmpty(env.PLATFORM)?.trim() ?? null;
  const timeoutText = nonEmpty(env.REQUEST_TIMEOUT_SECONDS)?.trim() ?? '60';
  if (!/^\d{1,4}$/.test(timeoutText) || Number(timeoutText) < 1) {
    throw new EnvironmentError('REQUEST_TIMEOUT_SECONDS', `"${timeoutText}" is not a number of seconds (1-9999)`);
  }
  const trust = parseTrustProxy(env.TRUST_PROXY);
  const mediaserverUrl = nonEmpty(env.MEDIASERVER_URL)?.trim() ?? null;
  if (mediaserverUrl !== null && (!/^https?:\/\/[^\s/]+/i.test(mediaserverUrl) || !URL.canParse(mediaserverUrl))) {
    throw new EnvironmentError('MEDIASERVER_URL', `"${mediaserverUrl}" is not an http(s) URL`);
  }

  const configDir = configDirOf(env, cwd);
  const dataPath = nonEmpty(env.DATA_PATH);
  const sourceOutputDir = nonEmpty(env.SOURCE_OUTPUT_DIR);
  // DATA_PATH decides where files are written (it is the path inside a container); without it
  // SOURCE_OUTPUT_DIR is both where files go and what the UI shows.
  const outputDir = resolve(cwd, dataPath ?? sourceOutputDir ?? 'data');
  const paths: RuntimePaths = {
    configDir,
    configFile: resolve(configDir, 'config.json'),
    databaseFile: resolve(configDir, 'vidkeep.db'),
    setupTokenFile: resolve(configDir, 'setup-token'),
    outputDir,
    // Everything the service writes lives under CONFIG_DIR or the output directory, so running
    // it from a clone leaves the working directory alone (spec 1.2's DATA_PATH paths are these).
    jobsDir: resolve(configDir, 'jobs'),
    imagesDir: resolve(configDir, 'images'),
    legacyImagesDir:
      dataPath || resolve(cwd, 'images') === resolve(configDir, 'images') ? null : resolve(cwd, 'images'),
  };

  return {
    host: nonEmpty(env.HOST)?.trim() ?? '0.0.0.0',
    port: Number(portText),
    logLevel,
    platform,
    platformManaged: platform !== null && platform.toLowerCase() === MANAGED_PLATFORM,
    authEnabled: env.AUTH_ENABLED?.trim().toLowerCase() !== 'false',
    mediaserverUrl,
    trustProxyExplicit: trust.explicit,
    trustProxy: trust.value,
    requestTimeoutMs: Number(timeoutText) * 1000,
    authPreset: { username: env.AUTH_PRESET_USERNAME, password: env.AUTH_PRESET_PASSWORD },
    dataPathSet: dataPath !== undefined,
    displayedOutputDir: sourceOutputDir ?? dataPath ?? outputDir,
    paths,
    variables: Object.freeze({ ...env }),
  };
}
