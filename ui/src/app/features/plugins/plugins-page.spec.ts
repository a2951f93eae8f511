import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import { ApiError } from '../../core/api';
import { dom } from '../../../testing/dom';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { defaultPlugins, pluginInfo } from '../../../testing/fixtures/plugins';
import { settle } from '../../../testing/settle';
import { PluginsPage } from './plugins-page';

describe('PluginsPage', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<PluginsPage>;
  const d = () => dom(fixture);
  const row = (id: string) => d().one(`[data-plugin="${id}"]`)!;
  const toggle = (id: string) => d().one<HTMLButtonElement>(`[data-testid="plugin-switch-${id}"] button`);

  async function open(plugins = defaultPlugins()): Promise<void> {
    api.on('GET', '/api/plugins', () => ({ plugins }));
    fixture = TestBed.createComponent(PluginsPage);
    await settle(fixture);
  }

  beforeEach(() => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi(), provideRouter([])] });
    api = TestBed.inject(FakeApi);
  });

  afterEach(() => {
    fixture.destroy();
    vi.useRealTimers();
  });

  it('lists every plugin with version, description, state, health and a switch only where allowed', async () => {
    await open([
      ...defaultPlugins(),
      pluginInfo({
        id: 'acme-notes',
        version: null,
        description: null,
        package: './acme.js',
        inManifest: false,
        enabled: false,
        toggleable: false,
      }),
    ]);
    expect(
      d()
        .all('[data-testid="plugin-row"]')
        .map((r) => r.dataset['plugin']),
    ).toEqual(['scheduler', 'downloader', 'playlists', 'plex', 'jellyfin', 'emby', 'acme-notes']);
    const scheduler = row('scheduler').textContent!.replace(/\s+/g, ' ');
    expect(scheduler).toContain('version 1.0.0');
    expect(scheduler).toContain('Runs plugin tasks on cron schedules');
    expect(scheduler).toContain('bree: ok');
    expect(scheduler).toContain('Always on');
    expect(toggle('scheduler')).toBeNull();
    expect(row('playlists').textContent).toContain('needs downloader');
    expect(toggle('plex')?.getAttribute('aria-label')).toBe('plex plugin');
    expect(toggle('plex')?.getAttribute('aria-checked')).toBe('true');
    expect(row('acme-notes').querySelector('[data-testid="plugin-state"]')?.textContent?.trim()).toBe('Not loaded');
    expect(row('acme-notes').textContent).toContain('enabled: false');
    expect(toggle('acme-notes')).toBeNull();
  });

  it('switches a plugin off and shows the new state', async () => {
    await open();
    api.on('PATCH', '/api/plugins/emby', () => ({ plugin: pluginInfo({ id: 'emby', enabled: false }) }));
    toggle('emby')!.click();
    await settle(fixture);
    expect(api.callsTo('PATCH', '/api/plugins/emby')[0]?.body).toEqual({ enabled: false });
    expect(row('emby').querySelector('[data-testid="plugin-state"]')?.textContent?.trim()).toBe('Switched off');
    expect(toggle('emby')?.getAttribute('aria-checked')).toBe('false');
  });

  it('explains a refusal where it happened and keeps the switch as it was', async () => {
    await open();
    api.on('PATCH', '/api/plugins/plex', () => {
      throw new ApiError(
        409,
        'The "plex" plugin cannot be switched off while "acme" depends on it',
        'CORE_PLUGIN_REQUIRED',
      );
    });
    toggle('plex')!.click();
    await settle(fixture);
    expect(d().text('[data-testid="plugin-plex-error"]')).toBe(
      'Not switched off: The "plex" plugin cannot be switched off while "acme" depends on it',
    );
    expect(toggle('plex')?.getAttribute('aria-checked')).toBe('true');
  });

  it('offers another try when the list cannot be read', async () => {
    api.on('GET', '/api/plugins', () => {
      throw new ApiError(500, 'Internal error');
    });
    fixture = TestBed.createComponent(PluginsPage);
    await settle(fixture);
    expect(d().text('[data-testid="plugins-error"]')).toContain('The plugins could not be listed: Internal error');
    api.on('GET', '/api/plugins', () => ({ plugins: defaultPlugins() }));
    d().click('[data-testid="plugins-error"] button');
    await settle(fixture);
    expect(d().all('[data-testid="plugin-row"]')).toHaveLength(6);
    expect(d().one('[data-testid="plugins-error"]')).toBeNull();
  });
});
