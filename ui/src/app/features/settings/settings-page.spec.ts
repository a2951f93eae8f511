import { HttpTestingController } from '@angular/common/http/testing';
import { signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import { ApiError } from '../../core/api';
import { Auth } from '../../core/auth';
import { dom } from '../../../testing/dom';
import { matSelect } from '../../../testing/mat-select';
import { FakeApi, provideFakeApi, type FakeHandler } from '../../../testing/fake-api';
import { FakeLive, provideFakeLive } from '../../../testing/fake-live';
import { configView as defaultConfigView, cookieStatus } from '../../../testing/fixtures/settings';
import { serveFeeds } from '../../../testing/fixtures/feeds';
import { settle } from '../../../testing/settle';
import type { ConfigView } from '../../shared/config-form/config-fields';
import type { ApiKeyItem, ScheduleEntry, SessionItem } from './contracts';
import { SettingsPage } from './settings-page';
import { CONFIG_SCHEMA } from '../../../testing/config-schema';

const KEY = 'vk_0967397a4ed9a20dde2f05d7890b3bb9a696d1da5d69ad027072e9b3cd6b036e';

/** The configuration the page shows: the default install with a proxy password set. */
const configView = (extra: Partial<ConfigView> = {}): ConfigView =>
  defaultConfigView({
    sourceOutputDirectory: '/srv/videos',
    configuredSecrets: ['username', 'passwordHash', 'proxy'],
    uuid: 'u-1',
    cookiesEnabled: false,
    ...extra,
  });

const schedule = (extra: Partial<ScheduleEntry> = {}): ScheduleEntry => ({
  key: 'auth.session-cleanup',
  title: 'Remove expired sessions',
  description: null,
  plugin: 'auth',
  kind: 'main-thread',
  schedule: '0 3 * * *',
  defaultSchedule: '0 3 * * *',
  enabled: true,
  allowOverlap: false,
  running: false,
  nextRunAt: '2026-11-24T03:00:00.000Z',
  lastRun: null,
  ...extra,
});

const KEYS: ApiKeyItem[] = [
  {
    id: 1,
    name: 'Old phone',
    key_prefix: 'vk_11111111',
    created_at: '2026-11-01T10:00:00.000Z',
    last_used_at: null,
    is_active: true,
  },
];

const SESSIONS: SessionItem[] = [
  {
    id: 7,
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    ip_address: '10.0.0.2',
    createdAt: '2026-11-23T10:00:00.000Z',
    last_used_at: '2026-11-23T12:00:00.000Z',
    expires_at: '2026-11-30T10:00:00.000Z',
    current: true,
  },
  {
    id: 8,
    user_agent: 'curl/7.88.1',
    ip_address: '10.0.0.3',
    createdAt: '2026-11-22T10:00:00.000Z',
    last_used_at: '2026-11-22T12:00:00.000Z',
    expires_at: '2026-11-29T10:00:00.000Z',
    current: false,
  },
];

const TOOLS = {
  ytdlp: {
    name: 'yt-dlp',
    path: 'yt-dlp',
    found: true,
    version: '2025.01.01',
    source: 'path',
    releasedOn: '2025-01-01',
    ageDays: 400,
    minimumVersion: '2023.03.04',
    supported: true,
    latestVersion: null as string | null,
    latestCheckedAt: null,
    stale: true,
    staleReason: null as string | null,
    updateMethod: 'private',
    lastUpdate: null,
    rollbackVersion: null as string | null,
    javascript: {
      runtime: { name: 'node', version: '20.20.2', supported: false },
      solver: null,
      ready: false,
      message: "Node.js 20.20.2 is too old for yt-dlp's challenge solver (it needs Node.js 22 or newer), so ...",
    },
  },
  ffmpeg: { name: 'ffmpeg', path: '/usr/bin/ffmpeg', found: true, version: '6.1' },
  ffprobe: { name: 'ffprobe', path: 'ffprobe', found: false, version: null },
  updatesManaged: false,
};

const RUNS = {
  runs: [
    {
      id: 3,
      taskKey: 'auth.session-cleanup',
      triggerType: 'manual',
      status: 'success',
      outcome: 'nothing-to-do',
      message: 'Removed 0 expired sessions',
      details: null,
      startedAt: '2026-11-23T12:02:07.657Z',
      finishedAt: '2026-11-23T12:02:07.691Z',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
};

const COOKIE_STATUS = cookieStatus();

/** The answers of the fake server that a test may change before the page is created. */
interface Server {
  config: ConfigView;
  keys: ApiKeyItem[];
  schedules: ScheduleEntry[];
  patchAnswer: FakeHandler;
  postAnswer: FakeHandler;
}

function serve(api: FakeApi): Server {
  const server: Server = {
    config: configView(),
    keys: [...KEYS],
    schedules: [schedule()],
    patchAnswer: ({ url, body }) => {
      if (url === '/api/config') return { ...server.config, ...(body as object) };
      return { success: true, schedule: { ...server.schedules[0], ...(body as object) } };
    },
    postAnswer: ({ url, body }) => {
      if (url === '/api/keys')
        return {
          success: true,
          message: 'API key created',
          id: 2,
          name: (body as { name: string }).name,
          key: KEY,
          prefix: KEY.slice(0, 11),
        };
      if (url === '/api/ytdlp/update')
        return { success: true, reason: 'up-to-date', message: 'yt-dlp is up to date', currentVersion: '2025.01.01' };
      if (url.endsWith('/run'))
        throw new ApiError(
          409,
          '"Remove expired sessions" is already running; it does not run twice at once',
          'SCHEDULER_TASK_RUNNING',
        );
      throw new ApiError(404, `unexpected POST ${url}`);
    },
  };
  api
    .on('GET', '/getconfig', () => structuredClone(server.config))
    .on('GET', '/api/config/schema', () => CONFIG_SCHEMA)
    .on('GET', '/api/keys', () => ({ keys: server.keys }))
    .on('GET', '/auth/sessions', () => SESSIONS)
    .on('GET', '/api/ytdlp/version', () => TOOLS)
    .on('GET', '/api/cookies/status', () => COOKIE_STATUS)
    .on('GET', '/api/schedules', () => ({ schedules: server.schedules, timezone: 'Europe/Berlin' }))
    .on('GET', /\/runs$/, () => RUNS)
    .on('POST', /./, (call) => server.postAnswer(call))
    .on('PATCH', /./, (call) => server.patchAnswer(call))
    .on('DELETE', /./, ({ url }) => {
      if (url === '/api/keys/1') server.keys = [];
      return { success: true };
    });
  serveFeeds(api, []);
  return server;
}

describe('SettingsPage', () => {
  let api: FakeApi;
  let server: Server;
  let auth: {
    authEnabled: ReturnType<typeof signal<boolean>>;
    token: ReturnType<typeof signal<string | null>>;
    username: ReturnType<typeof signal<string | null>>;
    expired: ReturnType<typeof vi.fn>;
  };
  let live: FakeLive;
  let fixture: ComponentFixture<SettingsPage>;
  const el = () => fixture.nativeElement as HTMLElement;
  const q = <T extends HTMLElement = HTMLElement>(sel: string) => dom(fixture).one<T>(sel);
  const qa = (sel: string) => dom(fixture).all(sel);
  const type = (sel: string, value: string) => dom(fixture).type(sel, value);

  async function create(authEnabled = true): Promise<void> {
    auth.authEnabled.set(authEnabled);
    fixture = TestBed.createComponent(SettingsPage);
    await settle(fixture);
  }

  beforeEach(() => {
    vi.useFakeTimers();
    auth = {
      authEnabled: signal(true),
      token: signal<string | null>('tok'),
      username: signal<string | null>('admin'),
      expired: vi.fn(),
    };
    TestBed.configureTestingModule({
      providers: [provideFakeApi(), provideFakeLive(), provideRouter([]), { provide: Auth, useValue: auth }],
    });
    api = TestBed.inject(FakeApi);
    live = TestBed.inject(FakeLive);
    server = serve(api);
  });

  afterEach(() => vi.useRealTimers());

  describe('configuration', () => {
    it('shows the keys grouped by owner, without managed keys, with secrets as set / not set', async () => {
      await create();
      const legends = qa('fieldset legend').map((l) => l.textContent?.trim());
      // In the order the server lists its plugins (the manifest's).
      expect(legends).toEqual(['General', 'Scheduler', 'Authentication', 'Downloads', 'Channels']);
      expect(q('[data-testid="config-uuid"]')).toBeNull();
      expect(q('[data-testid="config-username"]')).toBeNull();
      expect(q('[data-testid="config-passwordHash"]')).toBeNull();
      expect(q('[data-testid="config-secret-proxy"]')?.textContent?.trim()).toBe('set');
      expect(q('[data-testid="config-secret-sourceApiKey"]')?.textContent?.trim()).toBe('not set');
      expect(q<HTMLInputElement>('[data-testid="config-proxy"]')?.type).toBe('password');
      expect(q<HTMLInputElement>('[data-testid="config-proxy"]')?.value).toBe('');
      expect(q('[data-testid="config-output-directory"]')?.textContent).toContain('/srv/videos');
      expect(q('[data-testid="config-apiKeyRateLimit"]')?.closest('mat-form-field')?.textContent).toContain(
        '1–1,000 requests per minute',
      );
    });

    it('offers the platform budget and cool-down as numbers in their ranges, not the cool-down it keeps', async () => {
      server.config = configView({ platformRequestsPerHour: 200, platformCooldown: '{"level":1}' });
      await create();
      const input = (key: string) => q<HTMLInputElement>(`[data-testid="config-${key}"]`);
      const field = (key: string) => input(key)?.closest('mat-form-field')?.textContent ?? '';
      const downloads = qa('fieldset').find((f) => f.querySelector('legend')?.textContent?.trim() === 'Downloads')!;
      for (const key of ['platformRequestsPerHour', 'platformGigabytesPerDay', 'platformCooldownMinutes']) {
        expect(downloads.querySelector(`[data-testid="config-${key}"]`), key).not.toBeNull();
      }
      expect(input('platformRequestsPerHour')?.value).toBe('200');
      expect(input('platformCooldownMinutes')?.value).toBe('15');
      expect(field('platformRequestsPerHour')).toContain('0–100,000');
      expect(field('platformRequestsPerHour')).toContain('0: no cap');
      expect(field('platformGigabytesPerDay')).toContain('0–100,000');
      expect(field('platformCooldownMinutes')).toContain('0–1,440');
      expect(field('platformCooldownMinutes')).toContain('doubles each time in a row, up to 16×. 0: never.');
      expect(input('platformCooldown')).toBeNull();

      type('[data-testid="config-platformCooldownMinutes"]', '2000');
      await settle(fixture);
      q<HTMLButtonElement>('[data-testid="config-save"]')!.click();
      await settle(fixture);
      expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
      expect(field('platformCooldownMinutes')).toContain('Must be at most 1440');
      type('[data-testid="config-platformCooldownMinutes"]', '30');
      await settle(fixture);
      q<HTMLButtonElement>('[data-testid="config-save"]')!.click();
      await settle(fixture);
      expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([
        { method: 'PATCH', url: '/api/config', body: { platformCooldownMinutes: 30 } },
      ]);
    });

    it('links to the Media servers, Retention, Notifications, Files on disk and Plugins pages', async () => {
      await create();
      expect(q('[data-testid="settings-media-servers"]')?.getAttribute('href')).toBe('/settings/media-servers');
      expect(q('[data-testid="settings-plugins"]')?.getAttribute('href')).toBe('/settings/plugins');
      expect(q('[data-testid="settings-retention"]')?.getAttribute('href')).toBe('/settings/retention');
      expect(q('[data-testid="settings-files"]')?.getAttribute('href')).toBe('/settings/files');
      expect(q('[data-testid="settings-notifications"]')?.getAttribute('href')).toBe('/settings/notifications');
    });

    it('offers one choice for an enum key and several for a list key', async () => {
      await create();
      const select = (key: string) => matSelect(fixture, `[data-testid="config-${key}"]`);
      expect(select('preferredResolution').multiple).toBe(false);
      expect(select('sponsorblockCategories').multiple).toBe(true);
    });

    it('sends only the changed keys and shows the result', async () => {
      await create();
      type('[data-testid="config-apiKeyRateLimit"]', '20');
      type('[data-testid="config-proxy"]', 'socks5://user:pw@proxy:1080');
      await settle(fixture);
      expect(el().textContent).toContain('2 unsaved changes');
      q<HTMLButtonElement>('[data-testid="config-save"]')!.click();
      await settle(fixture);
      expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([
        { method: 'PATCH', url: '/api/config', body: { apiKeyRateLimit: 20, proxy: 'socks5://user:pw@proxy:1080' } },
      ]);
      expect(q('[data-testid="config-status"]')?.textContent).toContain('Saved 2 settings');
      expect(q<HTMLInputElement>('[data-testid="config-apiKeyRateLimit"]')?.value).toBe('20');
      expect(q<HTMLInputElement>('[data-testid="config-proxy"]')?.value).toBe('');
    });

    it('checks the schema rules before sending', async () => {
      await create();
      type('[data-testid="config-apiKeyRateLimit"]', '5000');
      await settle(fixture);
      q<HTMLButtonElement>('[data-testid="config-save"]')!.click();
      await settle(fixture);
      expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
      expect(q('[data-testid="config-error"]')?.getAttribute('role')).toBe('alert');
      expect(q('[data-testid="config-apiKeyRateLimit"]')?.closest('mat-form-field')?.textContent).toContain(
        'Must be at most 1000',
      );
    });

    it('shows the server’s 400 details next to the fields and the message in an alert', async () => {
      server.patchAnswer = () => {
        throw new ApiError(400, 'body/tmpFilePath must NOT have fewer than 1 characters', 'CORE_VALIDATION_FAILED', [
          { path: 'body/concurrentJobs', message: 'must be <= 4' },
          { path: 'body/bogus', message: 'is not allowed' },
        ]);
      };
      await create();
      type('[data-testid="config-concurrentJobs"]', '3');
      await settle(fixture);
      q<HTMLButtonElement>('[data-testid="config-save"]')!.click();
      await settle(fixture);
      const alert = q('[data-testid="config-error"]')!;
      expect(alert.textContent).toContain('body/tmpFilePath must NOT have fewer than 1 characters');
      expect(alert.textContent).toContain('bogus: is not allowed');
      expect(q('[data-testid="config-concurrentJobs"]')?.closest('mat-form-field')?.textContent).toContain(
        'must be <= 4',
      );
    });

    it('brings the first refused field into view and focuses it', async () => {
      const scrolled: Element[] = [];
      const scrollIntoView = vi.fn(function (this: Element) {
        scrolled.push(this);
      });
      Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
      try {
        server.patchAnswer = () => {
          throw new ApiError(400, 'Invalid settings', 'CORE_VALIDATION_FAILED', [
            { path: 'body/concurrentJobs', message: 'must be <= 4' },
          ]);
        };
        await create();
        type('[data-testid="config-concurrentJobs"]', '3');
        await settle(fixture);
        q<HTMLButtonElement>('[data-testid="config-save"]')!.click();
        await settle(fixture);
        const field = q('[data-testid="config-concurrentJobs"]')!;
        expect(scrolled).toEqual([field]);
        expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center', behavior: 'smooth' });
        expect(document.activeElement).toBe(field);
      } finally {
        delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
      }
    });

    it('shows platform-managed keys read-only with the reason', async () => {
      server.config = configView({
        isPlatformManaged: {
          useTmpForDownloads: true,
          ytdlpUpdates: true,
          sourceOutputDirectory: true,
          mediaserverUrl: true,
          authEnabled: true,
        },
        deploymentEnvironment: { platform: 'elfhosted' },
        readOnlyKeys: ['mediaserverUrl', 'useTmpForDownloads', 'tmpFilePath'],
        mediaserverUrl: 'http://jellyfin:8096',
        useTmpForDownloads: true,
        tmpFilePath: '/app/config/temp_downloads',
      });
      await create();
      // The media server URL is shown (read-only, with why) in the Plex card instead.
      expect(q('[data-testid="config-mediaserverUrl"]')).toBeNull();
      expect(q('[data-testid="config-group-core"]')?.textContent).toContain('Plex card on the Media servers page');
      expect(q<HTMLInputElement>('[data-testid="config-tmpFilePath"]')!.disabled).toBe(true);
      expect(q('[data-testid="config-output-directory"]')?.textContent).toContain('DATA_PATH');
      expect(q<HTMLButtonElement>('[data-testid="ytdlp-update"]')!.disabled).toBe(true);
      expect(q('[data-testid="ytdlp-update-managed"]')?.textContent).toContain('elfhosted');
    });
  });

  describe('API keys', () => {
    it('shows a new key once with copy, bookmarklet and curl, and forgets it on dismiss', async () => {
      await create();
      expect(q('[data-testid="apikey-item"]')?.textContent).toContain('vk_11111111');
      type('[data-testid="apikey-name"]', 'Bookmarklet');
      await settle(fixture);
      q<HTMLButtonElement>('[data-testid="apikey-create"]')!.click();
      await settle(fixture);
      expect(api.calls.find((c) => c.method === 'POST')).toEqual({
        method: 'POST',
        url: '/api/keys',
        body: { name: 'Bookmarklet' },
      });
      const panel = q('[data-testid="apikey-created"]')!;
      expect(panel.querySelector('[data-testid="apikey-value"]')?.textContent?.trim()).toBe(KEY);
      const href = panel.querySelector<HTMLAnchorElement>('[data-testid="apikey-bookmarklet"]')!.getAttribute('href')!;
      expect(href.startsWith('javascript:')).toBe(true);
      expect(decodeURIComponent(href)).toContain(KEY);
      expect(panel.querySelector('[data-testid="apikey-bookmarklet-code"]')?.textContent).toBe(href);
      expect(panel.querySelector('[data-testid="apikey-curl"]')?.textContent).toContain(`-H 'x-api-key: ${KEY}'`);
      expect(q<HTMLInputElement>('[data-testid="apikey-name"]')!.value).toBe('');
      // The emptied name field is ready for the next key, not shown as an error.
      expect(q('[data-testid="apikey-name"]')!.closest('mat-form-field')!.classList).not.toContain(
        'mat-form-field-invalid',
      );
      expect(q('[data-testid="apikey-name"]')!.closest('mat-form-field')!.textContent).not.toContain('Enter a name');

      q<HTMLButtonElement>('[data-testid="apikey-dismiss"]')!.click();
      await settle(fixture);
      expect(q('[data-testid="apikey-created"]')).toBeNull();
      expect(el().textContent).not.toContain(KEY);
    });

    it('shows the server’s refusal, e.g. the 20-key limit', async () => {
      server.postAnswer = () => {
        throw new ApiError(400, 'At most 20 active API keys are allowed', 'AUTH_API_KEY_LIMIT');
      };
      await create();
      type('[data-testid="apikey-name"]', 'One more');
      await settle(fixture);
      q<HTMLButtonElement>('[data-testid="apikey-create"]')!.click();
      await settle(fixture);
      expect(q('[data-testid="apikey-error"]')?.textContent).toContain('At most 20 active API keys');
      expect(q('[data-testid="apikey-created"]')).toBeNull();
    });

    it('deletes a key only after confirmation', async () => {
      await create();
      q<HTMLButtonElement>('[data-testid="apikey-delete"]')!.click();
      await settle(fixture);
      expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
      q<HTMLButtonElement>('[data-testid="apikey-delete-confirm"]')!.click();
      await settle(fixture);
      expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/api/keys/1' }]);
      expect(q('[data-testid="apikey-empty"]')).not.toBeNull();
    });
  });

  describe('sessions and password', () => {
    it('lists sessions with the current one marked and revokes another', async () => {
      await create();
      const items = qa('[data-testid="session-item"]');
      expect(items).toHaveLength(2);
      expect(items[0]?.textContent).toContain('Firefox on Linux');
      expect(items[0]?.querySelector('[data-testid="session-current"]')).not.toBeNull();
      items[1]!.querySelector<HTMLButtonElement>('[data-testid="session-revoke"]')!.click();
      await settle(fixture);
      expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/auth/sessions/8' }]);
      expect(auth.expired).not.toHaveBeenCalled();
    });

    it('signs out after revoking the current session', async () => {
      await create();
      qa('[data-testid="session-item"]')[0]!
        .querySelector<HTMLButtonElement>('[data-testid="session-revoke"]')!
        .click();
      await settle(fixture);
      expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/auth/sessions/7' }]);
      expect(auth.expired).toHaveBeenCalled();
    });

    it('hides sessions and password when authentication is off', async () => {
      await create(false);
      expect(q('app-sessions-section')).toBeNull();
      expect(q('app-password-section')).toBeNull();
      expect(api.calls.some((c) => c.url === '/auth/sessions')).toBe(false);
    });

    it('shows a wrong current password without signing out', async () => {
      await create();
      const http = TestBed.inject(HttpTestingController);
      type('[data-testid="password-current"]', 'wrong-one');
      type('[data-testid="password-new"]', 'new-password-1');
      type('[data-testid="password-confirm"]', 'new-password-1');
      await settle(fixture);
      q<HTMLButtonElement>('[data-testid="password-submit"]')!.click();
      const req = http.expectOne('/auth/change-password');
      expect(req.request.headers.get('x-access-token')).toBe('tok');
      expect(req.request.body).toEqual({ currentPassword: 'wrong-one', newPassword: 'new-password-1' });
      req.flush(
        { error: 'Current password is incorrect', code: 'AUTH_WRONG_PASSWORD' },
        { status: 401, statusText: 'Unauthorized' },
      );
      await settle(fixture);
      expect(q('[data-testid="password-error"]')?.textContent).toContain('Current password is incorrect');
      expect(auth.expired).not.toHaveBeenCalled();
    });

    it('checks the new password length inline', async () => {
      await create();
      type('[data-testid="password-current"]', 'old');
      type('[data-testid="password-new"]', 'short');
      type('[data-testid="password-confirm"]', 'short');
      await settle(fixture);
      q<HTMLButtonElement>('[data-testid="password-submit"]')!.click();
      await settle(fixture);
      expect(api.callsTo('POST', '/auth/change-password')).toEqual([]);
      expect(q('[data-testid="password-new"]')?.closest('mat-form-field')?.textContent).toContain('8 to 64 characters');
    });
  });

  describe('cookies', () => {
    it('has a Cookies section in the table of contents', async () => {
      await create();
      expect(q('#settings-cookies app-cookies-card')).not.toBeNull();
      expect(q('[data-testid="settings-nav-cookies"]')?.textContent?.trim()).toBe('Cookies');
      expect(q('[data-testid="cookies-state"]')?.textContent?.trim()).toBe('No cookie file');
    });

    it('reads the configuration again after an upload (it turns cookies on)', async () => {
      await create();
      const before = api.callsTo('GET', '/getconfig').length;
      api.on('POST', '/api/cookies/upload', () => ({
        status: 'success',
        message: 'Cookies uploaded and turned on (1 cookie).',
        cookieStatus: { ...COOKIE_STATUS, cookiesEnabled: true, customFileExists: true, inUse: true, valid: true },
      }));
      const input = q<HTMLInputElement>('[data-testid="cookies-drop-input"]')!;
      Object.defineProperty(input, 'files', { value: [new File(['# Netscape HTTP Cookie File\n'], 'c.txt')] });
      input.dispatchEvent(new Event('change'));
      await settle(fixture);
      expect(api.callsTo('GET', '/getconfig').length).toBe(before + 1);
    });
  });

  describe('downloader tools', () => {
    it('shows versions and paths and runs the update', async () => {
      await create();
      expect(q('[data-testid="tool-yt-dlp"]')?.textContent).toContain('2025.01.01');
      expect(q('[data-testid="tool-ffprobe"]')?.textContent).toContain('not found');
      expect(api.callsTo('GET', '/api/ytdlp/version')[0]?.query).toEqual({ refresh: 'true' });
      expect(q('[data-testid="ytdlp-state"]')?.textContent).toContain(
        'Using the yt-dlp on PATH; released 2025-01-01, 400 days ago. yt-dlp this old usually fails on the platform. Install a current yt-dlp below',
      );
      expect(q('[data-testid="ytdlp-update"]')?.textContent?.trim()).toBe('Install current yt-dlp');
      q<HTMLButtonElement>('[data-testid="ytdlp-update"]')!.click();
      await settle(fixture);
      expect(q('[data-testid="ytdlp-update-result"]')?.textContent).toContain('Already up to date (2025.01.01)');
      expect(q('[data-testid="ytdlp-canary"]')).toBeNull();
    });

    it('shows the JavaScript runtime yt-dlp will use, and why it is not enough', async () => {
      await create();
      const js = q('[data-testid="ytdlp-javascript"]')!;
      expect(js.textContent).toContain('node 20.20.2');
      expect(js.textContent).toContain('it needs Node.js 22 or newer');
      expect(js.classList.contains('warn')).toBe(true);
    });

    it('lists the checks a refused release failed, keeps the one in use, and rolls back in one click', async () => {
      const before = server.postAnswer;
      server.postAnswer = (call) => {
        if (call.url === '/api/ytdlp/update')
          return {
            success: false,
            reason: 'error',
            method: 'private',
            message:
              "yt-dlp 2099.02.03 was installed but failed vidkeep's check, so it is not used: It refuses options vidkeep uses: no such option: --windows-filenames (check: options). yt-dlp 2025.01.01 stays in use.",
            currentVersion: '2025.01.01',
            canary: {
              passed: false,
              version: '2099.02.03',
              steps: [
                { step: 'version', outcome: 'passed', message: 'It starts and reports version 2099.02.03.' },
                {
                  step: 'options',
                  outcome: 'failed',
                  message: 'It refuses options vidkeep uses: no such option: --windows-filenames',
                },
              ],
            },
          };
        if (call.url === '/api/ytdlp/rollback')
          return {
            success: true,
            message: 'yt-dlp 2024.12.01 is used again from the next download on; 2025.01.01 is kept',
            version: '2024.12.01',
            rollbackVersion: '2025.01.01',
          };
        return before(call);
      };
      api.on('GET', '/api/ytdlp/version', () => ({
        ...TOOLS,
        ytdlp: { ...TOOLS.ytdlp, source: 'private', rollbackVersion: '2024.12.01' },
      }));
      await create();
      q<HTMLButtonElement>('[data-testid="ytdlp-update"]')!.click();
      await settle(fixture);
      const result = q('[data-testid="ytdlp-update-result"]')!;
      expect(result.getAttribute('role')).toBe('alert');
      expect(result.textContent).toContain('Update failed (2025.01.01)');
      expect(result.textContent).toContain('yt-dlp 2025.01.01 stays in use');
      expect(
        dom(fixture)
          .all('[data-testid="ytdlp-canary"] li')
          .map((li) => li.textContent?.trim()),
      ).toEqual([
        'Version: passed. It starts and reports version 2099.02.03.',
        'Options: failed. It refuses options vidkeep uses: no such option: --windows-filenames',
      ]);

      const back = q<HTMLButtonElement>('[data-testid="ytdlp-rollback"]')!;
      expect(back.textContent?.trim()).toBe('Go back to yt-dlp 2024.12.01');
      back.click();
      await settle(fixture);
      expect(api.calls.some((c) => c.method === 'POST' && c.url === '/api/ytdlp/rollback')).toBe(true);
      expect(q('[data-testid="ytdlp-update-result"]')?.textContent).toContain(
        'Rolled back: yt-dlp 2024.12.01 is used again',
      );
    });
  });

  describe('scheduled tasks', () => {
    it('shows the server’s message for a bad cron and for a run that is already going', async () => {
      server.patchAnswer = () => {
        throw new ApiError(400, 'Invalid schedule "0 0 31 2 *": it never runs', 'SCHEDULER_INVALID_SCHEDULE');
      };
      await create();
      const task = () => q('[data-testid="schedule-auth.session-cleanup"]')!;
      expect(task().textContent).toContain('Remove expired sessions');
      expect(task().querySelector('[data-testid="schedule-cron"]')?.textContent).toBe('0 3 * * *');
      task().querySelector<HTMLButtonElement>('[data-testid="schedule-edit"]')!.click();
      await settle(fixture);
      type('[data-testid="schedule-cron-input"]', '0 0 31 2 *');
      await settle(fixture);
      task().querySelector<HTMLButtonElement>('[data-testid="schedule-cron-save"]')!.click();
      await settle(fixture);
      expect(api.calls.find((c) => c.method === 'PATCH')).toEqual({
        method: 'PATCH',
        url: '/api/schedules/auth.session-cleanup',
        body: { cron: '0 0 31 2 *' },
      });
      expect(task().querySelector('[data-testid="schedule-error"]')?.textContent).toContain('it never runs');

      task().querySelector<HTMLButtonElement>('[data-testid="schedule-run"]')!.click();
      await settle(fixture);
      expect(task().querySelector('[data-testid="schedule-error"]')?.textContent).toContain('already running');
    });

    it('expands the run history', async () => {
      await create();
      const button = q<HTMLButtonElement>('[data-testid="schedule-history"]')!;
      expect(button.getAttribute('aria-expanded')).toBe('false');
      button.click();
      await settle(fixture);
      expect(button.getAttribute('aria-expanded')).toBe('true');
      const run = q('[data-testid="schedule-run-item"]')!;
      expect(run.textContent).toContain('Succeeded');
      expect(run.querySelector('[data-testid="schedule-run-outcome"]')?.textContent).toBe('Nothing to do');
      expect(run.textContent).toContain('Removed 0 expired sessions');
    });

    it('refetches when a run is reported live', async () => {
      await create();
      const before = api.calls.filter((c) => c.url === '/api/schedules').length;
      server.schedules = [schedule({ running: true })];
      live.send({
        type: 'scheduleRunUpdated',
        run: {
          id: 4,
          taskKey: 'auth.session-cleanup',
          triggerType: 'manual',
          status: 'running',
          outcome: null,
          message: null,
          details: null,
          startedAt: '2026-11-23T12:05:00.000Z',
          finishedAt: null,
        },
      });
      await settle(fixture, 350);
      expect(api.calls.filter((c) => c.url === '/api/schedules').length).toBe(before + 1);
      expect(q('[data-testid="schedule-last"]')?.textContent).toContain('Running now');
    });
  });
});
