// The real schemas (a value import is fine in a spec: it is never bundled into the app).
import {
  AuthConfigSection,
  ChannelsConfigSection,
  CoreConfigSection,
  DownloaderConfigSection,
  EmbyConfigSection,
  JellyfinConfigSection,
  PlexConfigSection,
  RetentionConfigSection,
  SchedulerConfigSection,
  WatchStatusConfigSection,
  NotificationsConfigSection,
} from '../../../../../contracts/src/index';
import {
  CONFIG_FIELDS,
  FIELD_BY_KEY,
  buildConfigGroups,
  configField,
  outputDirectoryNote,
  rangeHint,
  readOnlyReason,
  type ConfigOwner,
  type ConfigView,
} from './config-fields';
import { configView } from '../../../testing/fixtures/settings';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema> };

const SECTIONS: [ConfigOwner, Schema][] = [
  ['core', CoreConfigSection as unknown as Schema],
  ['auth', AuthConfigSection as unknown as Schema],
  ['downloader', DownloaderConfigSection as unknown as Schema],
  ['scheduler', SchedulerConfigSection as unknown as Schema],
  ['channels', ChannelsConfigSection as unknown as Schema],
  ['plex', PlexConfigSection as unknown as Schema],
  ['jellyfin', JellyfinConfigSection as unknown as Schema],
  ['emby', EmbyConfigSection as unknown as Schema],
  ['watch-status', WatchStatusConfigSection as unknown as Schema],
  ['retention', RetentionConfigSection as unknown as Schema],
  ['notifications', NotificationsConfigSection as unknown as Schema],
];

/** A nullable key (`Nullable(T)`: `anyOf [T, null]`) as its non-null schema, and whether it was one. */
function unwrapNullable(schema: Schema): [Schema, boolean] {
  const members = schema['anyOf'] as Schema[] | undefined;
  const nonNull = members?.filter((m) => m['type'] !== 'null');
  if (!members || !nonNull || nonNull.length !== 1 || nonNull.length === members.length) return [schema, false];
  return [nonNull[0]!, true];
}

function allowed(schema: Schema): string[] | undefined {
  if (Array.isArray(schema['enum'])) return schema['enum'] as string[];
  if (Array.isArray(schema['anyOf'])) return (schema['anyOf'] as Schema[]).map((s) => s['const'] as string);
  return undefined;
}

describe('CONFIG_FIELDS mirrors the config schemas', () => {
  for (const [owner, section] of SECTIONS) {
    for (const [key, declared] of Object.entries(section.properties ?? {})) {
      it(`${owner}.${key}`, () => {
        const meta = FIELD_BY_KEY.get(key);
        expect(meta, `${key} is missing from CONFIG_FIELDS`).toBeDefined();
        if (!meta) return;
        expect(meta.owner).toBe(owner);
        const [schema, nullable] = unwrapNullable(declared);
        expect(!!meta.nullable, 'nullable').toBe(nullable);
        expect(!!meta.managed).toBe(declared['x-managed'] === true);
        if (meta.managed) return;
        // An object (the schedules) has no control of the form's kinds: it is edited elsewhere.
        if (schema['type'] === 'object') return expect(meta.elsewhere).toBeDefined();
        if (declared['x-secret'] === true) expect(meta.kind).toBe('secret');
        else if (schema['type'] === 'boolean') expect(meta.kind).toBe('boolean');
        else if (schema['type'] === 'integer') expect(meta.kind).toBe('integer');
        else if (schema['type'] === 'number') expect(meta.kind).toBe('number');
        else if (schema['type'] === 'array') expect(meta.kind).toBe('multi');
        else if (allowed(schema)) expect(meta.kind).toBe('enum');
        else expect(meta.kind).toBe('string');
        expect(meta.min).toBe(schema['minimum']);
        expect(meta.max).toBe(schema['maximum']);
        expect(meta.minLength).toBe(schema['minLength']);
        expect(meta.maxLength).toBe(schema['maxLength']);
        expect(meta.pattern).toBe(schema['pattern']);
        const values = meta.kind === 'multi' ? allowed(schema['items'] as Schema) : allowed(schema);
        if (meta.kind === 'enum' || meta.kind === 'multi') expect(meta.options?.map((o) => o.value)).toEqual(values);
        if (meta.kind === 'multi') expect(meta.maxItems).toBe(schema['maxItems']);
      });
    }
  }

  it('has no key the schemas do not know', () => {
    const known = new Set(SECTIONS.flatMap(([, s]) => Object.keys(s.properties ?? {})));
    expect(CONFIG_FIELDS.map((f) => f.key).filter((k) => !known.has(k))).toEqual([]);
  });

  it('gives every editable key a label and a description', () => {
    for (const f of CONFIG_FIELDS.filter((f) => !f.managed && !f.elsewhere)) {
      expect(f.label.length, f.key).toBeGreaterThan(0);
      expect(f.description?.length ?? 0, f.key).toBeGreaterThan(0);
    }
  });
});

describe('buildConfigGroups', () => {
  const keysOf = (view: ConfigView) =>
    buildConfigGroups(view).flatMap((g) => g.sections.flatMap((s) => s.fields.map((f) => f.key)));

  it('groups by owner in a fixed order and leaves out managed keys and schedules', () => {
    const groups = buildConfigGroups(configView());
    expect(groups.map((g) => g.owner)).toEqual(['core', 'auth', 'downloader', 'channels', 'scheduler']);
    const keys = keysOf(configView());
    expect(keys).not.toContain('uuid');
    expect(keys).not.toContain('username');
    expect(keys).not.toContain('passwordHash');
    expect(keys).not.toContain('schedules');
    expect(keys).not.toContain('readOnlyKeys');
    expect(groups.find((g) => g.owner === 'scheduler')?.notes[0]).toMatch(/Scheduled tasks/);
  });

  it('splits the downloads group into titled sections in table order', () => {
    const dl = buildConfigGroups(configView()).find((g) => g.owner === 'downloader');
    expect(dl?.sections.map((s) => s.title)).toEqual(
      ['Files and format', 'SponsorBlock', 'Network', 'Jobs', 'Storage'].filter((t) =>
        dl?.sections.some((s) => s.title === t),
      ),
    );
    expect(dl?.sections[0]?.fields.map((f) => f.key)).toEqual([
      'preferredResolution',
      'videoCodec',
      'useTmpForDownloads',
      'tmpFilePath',
    ]);
  });

  it('shows secrets of present owners as write-only with their set state', () => {
    const fields = buildConfigGroups(configView({ configuredSecrets: ['username', 'proxy'] })).flatMap((g) =>
      g.sections.flatMap((s) => s.fields),
    );
    const proxy = fields.find((f) => f.key === 'proxy');
    const apiKey = fields.find((f) => f.key === 'sourceApiKey');
    expect(proxy).toMatchObject({ kind: 'secret', secretSet: true, value: undefined });
    expect(apiKey).toMatchObject({ kind: 'secret', secretSet: false });
  });

  it('leaves out the keys of a disabled plugin, secrets included', () => {
    const view = configView();
    delete view['channelFilesToDownload'];
    delete view['tabCountBatchSize'];
    const groups = buildConfigGroups(view);
    expect(groups.map((g) => g.owner)).not.toContain('channels');
    expect(keysOf(view)).not.toContain('sourceApiKey');
  });

  it('leaves the media-server keys to their cards, with one note per plugin', () => {
    const view = configView({
      configuredSecrets: ['jellyfinApiKey'],
      mediaserverUrl: 'http://plex:32400',
      plexIP: '',
      plexPort: '32400',
      jellyfinEnabled: true,
      jellyfinUrl: 'http://jellyfin:8096',
      jellyfinVideoLibraryIds: [],
    } as Partial<ConfigView>);
    const groups = buildConfigGroups(view);
    expect(keysOf(view).filter((k) => /^(plex|jellyfin|emby|mediaserver)/.test(k))).toEqual([]);
    expect(groups.find((g) => g.owner === 'core')?.notes).toEqual([
      'The media server URL is set in the Plex card on the Media servers page.',
    ]);
    expect(groups.find((g) => g.owner === 'plex')?.notes).toEqual([
      'Plex is set up in its card on the Media servers page.',
    ]);
    expect(groups.find((g) => g.owner === 'jellyfin')?.notes).toHaveLength(1);
    expect(groups.map((g) => g.owner)).not.toContain('emby');
  });

  it('leaves watch status and retention to their pages, with one note each', () => {
    const view = configView({
      watchStatusSyncEnabled: true,
      watchStatusSyncFrequency: '0 */4 * * *',
      watchStatusWatchedRule: 'any',
      autoRemovalEnabled: false,
      autoRemovalVideoAgeThreshold: null,
      autoRemovalFreeSpaceThreshold: null,
      autoRemovalWatchedEnabled: false,
      autoRemovalWatchedMinDaysSinceWatched: '',
      autoRemovalWatchedMinVideoAgeDays: '',
      autoRemovalKeepRecentCount: 0,
    } as Partial<ConfigView>);
    const groups = buildConfigGroups(view);
    expect(keysOf(view).filter((k) => /^(watchStatus|autoRemoval)/.test(k))).toEqual([]);
    expect(groups.find((g) => g.owner === 'watch-status')?.notes).toEqual([
      'Watch status is set up in its card on the Media servers page.',
    ]);
    expect(groups.find((g) => g.owner === 'retention')?.notes).toEqual([
      'Automatic removal is set up on the Retention page.',
    ]);
  });

  it('describes one key as a card shows it', () => {
    const view = configView({
      configuredSecrets: ['jellyfinApiKey'],
      jellyfinUrl: 'http://jf:8096',
    } as Partial<ConfigView>);
    expect(configField(FIELD_BY_KEY.get('jellyfinApiKey')!, view)).toMatchObject({
      kind: 'secret',
      value: undefined,
      secretSet: true,
      readOnly: null,
    });
    expect(configField(FIELD_BY_KEY.get('jellyfinUrl')!, view)).toMatchObject({
      value: 'http://jf:8096',
      secretSet: false,
    });
  });

  it('puts unknown plugin keys in "other" with an inferred control and skips objects', () => {
    const view = configView({
      acmeInterval: 5,
      acmeRatio: 0.5,
      acmeOn: true,
      acmeName: 'x',
      acmeMap: { a: 1 },
    } as Partial<ConfigView>);
    const other = buildConfigGroups(view).find((g) => g.owner === 'other');
    expect(other?.sections[0]?.fields.map((f) => [f.key, f.kind, f.label])).toEqual([
      ['acmeInterval', 'integer', 'Acme Interval'],
      ['acmeRatio', 'number', 'Acme Ratio'],
      ['acmeOn', 'boolean', 'Acme On'],
      ['acmeName', 'string', 'Acme Name'],
    ]);
  });

  it('marks platform-managed and environment-forced keys read-only with the reason', () => {
    const view = configView({
      isPlatformManaged: {
        useTmpForDownloads: true,
        ytdlpUpdates: true,
        sourceOutputDirectory: true,
        mediaserverUrl: true,
        authEnabled: true,
      },
      deploymentEnvironment: { platform: 'elfhosted' },
      readOnlyKeys: ['mediaserverUrl', 'useTmpForDownloads', 'tmpFilePath', 'concurrentJobs'],
    });
    const fields = new Map(
      buildConfigGroups(view).flatMap((g) => g.sections.flatMap((s) => s.fields.map((f) => [f.key, f] as const))),
    );
    expect(fields.has('mediaserverUrl')).toBe(false); // in the Plex card
    expect(readOnlyReason('mediaserverUrl', view)).toMatch(/MEDIASERVER_URL/);
    expect(fields.get('useTmpForDownloads')?.readOnly).toMatch(/hosting platform \(elfhosted\)/);
    expect(fields.get('tmpFilePath')?.readOnly).toMatch(/hosting platform/);
    expect(fields.get('concurrentJobs')?.readOnly).toMatch(/environment/);
    expect(fields.get('apiKeyRateLimit')?.readOnly).toBeNull();
  });
});

describe('readOnlyReason and outputDirectoryNote', () => {
  it('is null for ordinary keys', () => {
    expect(readOnlyReason('mediaserverUrl', configView())).toBeNull();
    expect(readOnlyReason('useTmpForDownloads', configView())).toBeNull();
  });

  it('explains where the output directory comes from', () => {
    expect(outputDirectoryNote(configView())).toMatch(/SOURCE_OUTPUT_DIR/);
    const managed = configView({
      isPlatformManaged: {
        useTmpForDownloads: false,
        ytdlpUpdates: false,
        sourceOutputDirectory: true,
        mediaserverUrl: false,
        authEnabled: true,
      },
    });
    expect(outputDirectoryNote(managed)).toMatch(/DATA_PATH/);
  });
});

describe('rangeHint', () => {
  it('shows inclusive ranges with units', () => {
    expect(rangeHint({ min: 1, max: 1000, unit: 'requests per minute' })).toBe('1–1,000 requests per minute');
    expect(rangeHint({ min: 0.01, max: 720, unit: 'hours' })).toBe('0.01–720 hours');
    expect(rangeHint({ min: 3 })).toBe('at least 3');
    expect(rangeHint({ max: 3 })).toBe('at most 3');
    expect(rangeHint({})).toBe('');
  });
});
