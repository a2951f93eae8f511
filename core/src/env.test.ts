import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EnvironmentError,
  MANAGED_PLATFORM,
  parseTrustProxy,
  readEnvironment,
  type RuntimeEnvironment,
} from './env.js';

const CWD = '/srv/vidkeep';
const read = (env: Record<string, string>) => readEnvironment(env, CWD);

function expectEnvError(env: Record<string, string>, variable: string, mentions?: string): void {
  let caught: unknown;
  try {
    read(env);
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(EnvironmentError);
  expect((caught as Error).message).toContain(variable);
  if (mentions !== undefined) expect((caught as Error).message).toContain(mentions);
}

/** Flattens the environment into `path -> value` so two readings can be compared field by field. */
function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { [prefix]: JSON.stringify(value) };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) Object.assign(out, flatten(v, prefix ? `${prefix}.${k}` : k));
  return out;
}

/** Parsed fields that differ (the raw `variables` copy is left out: it differs by definition). */
function changedFields(a: RuntimeEnvironment, b: RuntimeEnvironment): string[] {
  const fa = flatten({ ...a, variables: {} });
  const fb = flatten({ ...b, variables: {} });
  return [...new Set([...Object.keys(fa), ...Object.keys(fb)])].filter((k) => fa[k] !== fb[k]).sort();
}

describe('readEnvironment: defaults', () => {
  it('listens on 0.0.0.0:3087 with ./config under the working directory and info logging', () => {
    const env = read({});
    expect(env.port).toBe(3087);
    expect(env.host).toBe('0.0.0.0');
    expect(env.logLevel).toBe('info');
    expect(env.paths.configDir).toBe(resolve(CWD, 'config'));
    expect(env.paths.configFile).toBe(resolve(CWD, 'config', 'config.json'));
    expect(env.paths.databaseFile).toBe(resolve(CWD, 'config', 'vidkeep.db'));
    expect(env.paths.setupTokenFile).toBe(resolve(CWD, 'config', 'setup-token'));
  });

  it('treats every platform variable as unset: nothing managed, auth on, no media-server URL', () => {
    const env = read({});
    expect(env.platform).toBeNull();
    expect(env.platformManaged).toBe(false);
    expect(env.authEnabled).toBe(true);
    expect(env.mediaserverUrl).toBeNull();
    expect(env.dataPathSet).toBe(false);
    expect(env.trustProxyExplicit).toBe(false);
    expect(env.trustProxy).toBe(true);
  });

  it('treats empty or blank values as unset', () => {
    const env = read({ PORT: '', LOG_LEVEL: ' ', PLATFORM: '  ', DATA_PATH: '', MEDIASERVER_URL: ' ', HOST: '' });
    expect({ ...env, variables: {} }).toEqual({ ...read({}), variables: {} });
  });

  it('resolves a relative CONFIG_DIR against the working directory and keeps an absolute one', () => {
    expect(read({ CONFIG_DIR: 'state' }).paths.configDir).toBe(resolve(CWD, 'state'));
    expect(read({ CONFIG_DIR: '/app/config' }).paths.configFile).toBe('/app/config/config.json');
  });

  it('takes HOST and PORT', () => {
    const env = read({ HOST: '127.0.0.1', PORT: '8080' });
    expect(env.host).toBe('127.0.0.1');
    expect(env.port).toBe(8080);
  });
});

describe('readEnvironment: validation names the variable', () => {
  it.each(['abc', '-1', '65536', '80.5', '3087x'])('rejects PORT=%s', (port) => {
    expectEnvError({ PORT: port }, 'PORT', port);
  });

  it('gives a client 60 s to send a request, REQUEST_TIMEOUT_SECONDS otherwise, and refuses nonsense', () => {
    expect(read({}).requestTimeoutMs).toBe(60_000);
    expect(read({ REQUEST_TIMEOUT_SECONDS: '5' }).requestTimeoutMs).toBe(5_000);
    for (const bad of ['0', 'soon', '1.5', '99999'])
      expectEnvError({ REQUEST_TIMEOUT_SECONDS: bad }, 'REQUEST_TIMEOUT_SECONDS', bad);
  });

  it('accepts the whole port range', () => {
    expect(read({ PORT: '0' }).port).toBe(0);
    expect(read({ PORT: '65535' }).port).toBe(65535);
  });

  it('rejects an unknown LOG_LEVEL and lists the valid ones', () => {
    expectEnvError({ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL', 'verbose');
    expectEnvError({ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL', 'debug');
  });

  it('accepts LOG_LEVEL in any case', () => {
    expect(read({ LOG_LEVEL: 'DEBUG' }).logLevel).toBe('debug');
    expect(read({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
  });
});

describe('readEnvironment: PLATFORM', () => {
  it.each(['elfhosted', 'ElfHosted', 'ELFHOSTED', ' elfhosted '])('PLATFORM=%j names the managed platform', (value) => {
    const env = read({ PLATFORM: value });
    expect(env.platformManaged).toBe(true);
    expect(env.platform?.toLowerCase()).toBe(MANAGED_PLATFORM);
  });

  it('keeps the raw value for display', () => {
    expect(read({ PLATFORM: 'ElfHosted' }).platform).toBe('ElfHosted');
  });

  it.each(['docker', 'elfhosted2', 'elf hosted', 'true'])(
    'PLATFORM=%j is some other platform: not managed',
    (value) => {
      const env = read({ PLATFORM: value });
      expect(env.platformManaged).toBe(false);
      expect(env.platform).toBe(value);
    },
  );
});

describe('readEnvironment: AUTH_ENABLED', () => {
  it.each(['false', 'FALSE', 'False'])('AUTH_ENABLED=%s disables authentication', (value) => {
    expect(read({ AUTH_ENABLED: value }).authEnabled).toBe(false);
  });

  it.each(['true', 'TRUE', '0', 'no', 'off', 'disabled', 'f', ''])(
    'AUTH_ENABLED=%j keeps authentication on',
    (value) => {
      expect(read({ AUTH_ENABLED: value }).authEnabled).toBe(true);
    },
  );
});

describe('readEnvironment: DATA_PATH and SOURCE_OUTPUT_DIR', () => {
  it('without DATA_PATH, jobs and images data live under CONFIG_DIR too, never in the working directory', () => {
    const env = read({ CONFIG_DIR: '/app/config' });
    expect(env.paths.jobsDir).toBe('/app/config/jobs');
    expect(env.paths.imagesDir).toBe('/app/config/images');
    const defaults = read({});
    expect(defaults.paths.jobsDir).toBe(`${CWD}/config/jobs`);
    expect(defaults.paths.imagesDir).toBe(`${CWD}/config/images`);
    // Posters an earlier version wrote to ./images are still read from there (nothing new goes there).
    expect(defaults.paths.legacyImagesDir).toBe(`${CWD}/images`);
  });

  it('DATA_PATH moves jobs and images under CONFIG_DIR and is where videos are written', () => {
    const env = read({ CONFIG_DIR: '/app/config', DATA_PATH: '/storage/videos' });
    expect(env.dataPathSet).toBe(true);
    expect(env.paths.jobsDir).toBe('/app/config/jobs');
    expect(env.paths.imagesDir).toBe('/app/config/images');
    expect(env.paths.legacyImagesDir).toBeNull();
    expect(env.paths.outputDir).toBe('/storage/videos');
  });

  it('SOURCE_OUTPUT_DIR alone is where videos are written and what is shown', () => {
    const env = read({ SOURCE_OUTPUT_DIR: '/media/videos' });
    expect(env.paths.outputDir).toBe('/media/videos');
    expect(env.displayedOutputDir).toBe('/media/videos');
    expect(env.dataPathSet).toBe(false);
  });

  it('the shown output directory is SOURCE_OUTPUT_DIR when set, even with DATA_PATH', () => {
    const env = read({ SOURCE_OUTPUT_DIR: '/host/videos', DATA_PATH: '/storage/videos' });
    expect(env.displayedOutputDir).toBe('/host/videos');
    // Files are still written where the container sees them.
    expect(env.paths.outputDir).toBe('/storage/videos');
  });

  it('the shown output directory is DATA_PATH when SOURCE_OUTPUT_DIR is not set', () => {
    expect(read({ DATA_PATH: '/storage/videos' }).displayedOutputDir).toBe('/storage/videos');
  });

  it('with neither, videos go to ./data and that is what is shown', () => {
    const env = read({});
    expect(env.paths.outputDir).toBe(resolve(CWD, 'data'));
    expect(env.displayedOutputDir).toBe(resolve(CWD, 'data'));
  });
});

describe('readEnvironment: MEDIASERVER_URL', () => {
  it.each(['http://plex:32400', 'https://jellyfin.example.com', 'HTTP://10.0.0.5:8096/emby', 'http://[::1]:8096'])(
    'accepts %s',
    (url) => {
      expect(read({ MEDIASERVER_URL: url }).mediaserverUrl).toBe(url);
    },
  );

  it('trims surrounding whitespace', () => {
    expect(read({ MEDIASERVER_URL: '  http://plex:32400 ' }).mediaserverUrl).toBe('http://plex:32400');
  });

  it.each(['plex:32400', 'ftp://plex', 'http://', 'http:///path', 'just text', 'http://plex server:32400'])(
    'rejects %j naming the variable',
    (url) => {
      expectEnvError({ MEDIASERVER_URL: url }, 'MEDIASERVER_URL');
    },
  );
});

describe('parseTrustProxy', () => {
  it('unset or blank: trust on, but not explicitly configured', () => {
    expect(parseTrustProxy(undefined)).toEqual({ explicit: false, value: true });
    expect(parseTrustProxy('')).toEqual({ explicit: false, value: true });
    expect(parseTrustProxy('   ')).toEqual({ explicit: false, value: true });
  });

  it.each(['true', 'TRUE', 'yes', 'on'])('%s: explicitly on', (raw) => {
    expect(parseTrustProxy(raw)).toEqual({ explicit: true, value: true });
  });

  it.each(['false', 'False', '0', 'no', 'off', 'OFF'])('%s: explicitly off', (raw) => {
    expect(parseTrustProxy(raw)).toEqual({ explicit: true, value: false });
  });

  it.each([
    ['1', 1],
    ['2', 2],
    [' 3 ', 3],
  ])('%j: a hop count', (raw, hops) => {
    expect(parseTrustProxy(raw)).toEqual({ explicit: true, value: hops });
  });

  it('a single address, a subnet, a list and the named ranges', () => {
    expect(parseTrustProxy('10.0.0.1')).toEqual({ explicit: true, value: ['10.0.0.1'] });
    expect(parseTrustProxy('172.16.0.0/12')).toEqual({ explicit: true, value: ['172.16.0.0/12'] });
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.0/24,fd00::/8')).toEqual({
      explicit: true,
      value: ['10.0.0.0/8', '192.168.1.0/24', 'fd00::/8'],
    });
    expect(parseTrustProxy('loopback,uniquelocal')).toEqual({ explicit: true, value: ['loopback', 'uniquelocal'] });
  });

  it.each([
    'garbage',
    'abc',
    'deadbeef',
    '999.1.1.1',
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.1, nonsense',
    '-1',
    'proxy.local',
  ])('%j is rejected with an error naming TRUST_PROXY', (raw) => {
    expect(() => parseTrustProxy(raw)).toThrow(EnvironmentError);
    expect(() => parseTrustProxy(raw)).toThrow(/TRUST_PROXY/);
  });

  it('readEnvironment passes the parsed value through', () => {
    expect(read({ TRUST_PROXY: '1' })).toMatchObject({ trustProxyExplicit: true, trustProxy: 1 });
    expectEnvError({ TRUST_PROXY: 'nonsense' }, 'TRUST_PROXY', 'nonsense');
  });
});

describe('readEnvironment: the platform variables do not imply each other (spec 1.2)', () => {
  const cases: [string, Record<string, string>, string[]][] = [
    ['PLATFORM', { PLATFORM: 'elfhosted' }, ['platform', 'platformManaged']],
    ['AUTH_ENABLED', { AUTH_ENABLED: 'false' }, ['authEnabled']],
    [
      'DATA_PATH',
      { DATA_PATH: '/storage/videos' },
      ['dataPathSet', 'displayedOutputDir', 'paths.legacyImagesDir', 'paths.outputDir'],
    ],
    ['MEDIASERVER_URL', { MEDIASERVER_URL: 'http://plex:32400' }, ['mediaserverUrl']],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/8' }, ['trustProxy', 'trustProxyExplicit']],
    ['SOURCE_OUTPUT_DIR', { SOURCE_OUTPUT_DIR: '/media/videos' }, ['displayedOutputDir', 'paths.outputDir']],
  ];

  it.each(cases)('%s changes only its own fields', (_name, vars, expected) => {
    expect(changedFields(read({}), read(vars))).toEqual(expected);
  });

  it('all together: each field has the value it has alone', () => {
    const all = read(Object.assign({}, ...cases.map(([, vars]) => vars)));
    expect(all.platformManaged).toBe(true);
    expect(all.authEnabled).toBe(false);
    expect(all.dataPathSet).toBe(true);
    expect(all.mediaserverUrl).toBe('http://plex:32400');
    expect(all.trustProxy).toEqual(['10.0.0.0/8']);
    expect(all.displayedOutputDir).toBe('/media/videos');
    expect(all.paths.outputDir).toBe('/storage/videos');
  });
});
