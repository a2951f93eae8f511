import { computed, signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { ApiError } from '../../core/api';
import { metaOf } from '../../../testing/config-schema';
import { ConfigApi } from './config-api';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { configView } from '../../../testing/fixtures/settings';
import { blankFixture } from '../../../testing/host';
import { settle } from '../../../testing/settle';
import { configField, type ConfigView } from './config-fields';
import { ConfigForm } from './config-form';

const KEYS = ['jellyfinEnabled', 'jellyfinUrl', 'jellyfinApiKey', 'jellyfinVideoLibraryIds'];
const view = (extra: Partial<ConfigView> = {}) =>
  configView({
    configuredSecrets: ['jellyfinApiKey'],
    jellyfinEnabled: false,
    jellyfinUrl: 'http://jellyfin:8096',
    jellyfinVideoLibraryIds: [],
    ...extra,
  } as Partial<ConfigView>);

describe('ConfigForm', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<unknown>;
  let cf: ConfigForm;
  let saved: ConfigView[];
  let invalid: number;
  const current = signal(view());

  beforeEach(() => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    fixture = blankFixture();
    saved = [];
    invalid = 0;
    current.set(view());
    cf = new ConfigForm({
      api: TestBed.inject(ConfigApi),
      fields: computed(() => KEYS.map((k) => configField(metaOf(k), current()))),
      saved: (v) => saved.push(v),
      invalid: () => invalid++,
    });
    api.on('PATCH', '/api/config', (call) => view(call.body as Partial<ConfigView>));
  });

  afterEach(() => vi.useRealTimers());

  const control = (key: string) => cf.form().controls[key]!;

  it('sends only what changed; an empty secret keeps the stored one', async () => {
    expect(control('jellyfinApiKey').value).toBe('');
    expect(cf.pendingText()).toBe('No unsaved changes');
    control('jellyfinEnabled').setValue(true);
    control('jellyfinVideoLibraryIds').setValue(['a1']);
    expect(cf.pendingText()).toBe('2 unsaved changes');
    void cf.save();
    await settle(fixture);
    expect(api.callsTo('PATCH', '/api/config')[0]?.body).toEqual({
      jellyfinEnabled: true,
      jellyfinVideoLibraryIds: ['a1'],
    });
    expect(cf.status()).toBe('Saved 2 settings.');
    expect(saved).toHaveLength(1);
  });

  it('sends "" for a secret the user removes, and nothing when nothing changed', async () => {
    void cf.save();
    await settle(fixture);
    expect(cf.status()).toBe('Nothing to save: no value was changed.');
    cf.toggleClear('jellyfinApiKey', true);
    expect(control('jellyfinApiKey').disabled).toBe(true);
    expect(cf.patch()).toEqual({ jellyfinApiKey: '' });
    cf.toggleClear('jellyfinApiKey', false);
    expect(cf.patch()).toEqual({});
  });

  it('checks the rules before sending and puts the server’s objections on their fields', async () => {
    control('jellyfinUrl').setValue('jellyfin:8096');
    expect(await cf.save()).toBe(false);
    expect([cf.error(), cf.errorOf('jellyfinUrl'), invalid]).toEqual([
      'Some values are not valid: see the highlighted fields.',
      'Leave empty or enter an http:// or https:// URL',
      1,
    ]);
    expect(api.calls).toEqual([]);
    api.on('PATCH', '/api/config', () => {
      throw new ApiError(400, 'body/jellyfinUrl is set by the environment', 'CORE_VALIDATION_FAILED', [
        { path: 'body/jellyfinUrl', message: 'is set by the environment and is read-only' },
        { path: 'body/other', message: 'is not allowed' },
      ]);
    });
    control('jellyfinUrl').setValue('http://other:8096');
    void cf.save();
    await settle(fixture);
    expect(cf.errorOf('jellyfinUrl')).toBe('is set by the environment and is read-only');
    expect(cf.otherErrors()).toEqual(['other: is not allowed']);
    expect(invalid).toBe(2);
  });

  it('starts again from the server’s values on Discard and when the server’s value changed', () => {
    control('jellyfinUrl').setValue('http://changed:8096');
    control('jellyfinUrl').markAsDirty();
    cf.reset();
    expect(control('jellyfinUrl').value).toBe('http://jellyfin:8096');
    control('jellyfinUrl').setValue('http://typed:8096');
    control('jellyfinUrl').markAsDirty();
    current.set(view({ jellyfinUrl: 'http://saved:8096' } as Partial<ConfigView>));
    expect(control('jellyfinUrl').value).toBe('http://saved:8096');
  });

  it('keeps what was typed when a new view changes other keys (a sign-in elsewhere saved a token)', () => {
    control('jellyfinUrl').setValue('http://typed:8096');
    control('jellyfinUrl').markAsDirty();
    control('jellyfinApiKey').setValue('abc123');
    control('jellyfinApiKey').markAsDirty();
    current.set(view({ jellyfinEnabled: true, configuredSecrets: [] } as Partial<ConfigView>));
    expect(control('jellyfinEnabled').value).toBe(true);
    expect(control('jellyfinUrl').value).toBe('http://typed:8096');
    // The key's stored state changed (removed elsewhere): what was typed is not carried.
    expect(control('jellyfinApiKey').value).toBe('');
    expect(cf.patch()).toEqual({ jellyfinUrl: 'http://typed:8096' });
  });

  it('empties the secret inputs after a save', async () => {
    control('jellyfinApiKey').setValue('abc123');
    control('jellyfinApiKey').markAsDirty();
    api.on('PATCH', '/api/config', () => view());
    void cf.save().then(() => current.set(view()));
    await settle(fixture);
    expect(control('jellyfinApiKey').value).toBe('');
    expect(cf.pendingText()).toBe('No unsaved changes');
  });

  it('keeps read-only keys disabled and never sends them', () => {
    current.set(view({ readOnlyKeys: ['jellyfinUrl'] }));
    expect(control('jellyfinUrl').disabled).toBe(true);
    expect(cf.hintOf(configField(metaOf('jellyfinUrl'), current()))).toMatch(/^Read-only: Forced/);
    control('jellyfinUrl').setValue('http://changed:8096');
    expect(cf.patch()).toEqual({});
  });
});
