import { multiServiceRef, serviceRef } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import { MissingServiceError, ServiceConflictError, ServiceRegistry } from './container.js';

interface Kind {
  name: string;
}
const kinds = multiServiceRef<Kind>('test.kinds');
const single = serviceRef<{ n: number }>('test.single');

describe('ServiceRegistry', () => {
  it('hands out one live set per extension point that follows contributors switched off and on', () => {
    const r = new ServiceRegistry();
    const set = r.resolveAll(kinds);
    r.contribute(kinds, 'plex', { name: 'Plex' }, 'plex');
    r.contribute(kinds, 'jellyfin', { name: 'Jellyfin' }, 'jellyfin');
    expect(set.keys()).toEqual(['plex', 'jellyfin']);
    expect(r.resolveAll(kinds)).toBe(set);

    r.setPluginActive('plex', false);
    expect(set.keys()).toEqual(['jellyfin']);
    expect(set.get('plex')).toBeUndefined();
    expect(set.has('jellyfin')).toBe(true);
    expect(set.size).toBe(1);

    r.setPluginActive('plex', true);
    expect(set.all().map((k) => k.name)).toEqual(['Plex', 'Jellyfin']);
    expect(set.entries().map((e) => e.plugin)).toEqual(['plex', 'jellyfin']);
  });

  it('refuses a second contribution under the same key, naming the first contributor', () => {
    const r = new ServiceRegistry();
    r.contribute(kinds, 'plex', { name: 'Plex' }, 'plex');
    expect(() => r.contribute(kinds, 'plex', { name: 'Other' }, 'other')).toThrow(ServiceConflictError);
    expect(() => r.contribute(kinds, 'plex', { name: 'Other' }, 'other')).toThrow(/"plex".*"plex"/);
  });

  it('keeps single-provider refs to one provider and names who provides them', () => {
    const r = new ServiceRegistry();
    expect(() => r.resolve(single, 'consumer')).toThrow(MissingServiceError);
    expect(r.tryResolve(single)).toBeUndefined();
    r.provide(single, { n: 1 }, 'owner');
    expect(r.resolve(single).n).toBe(1);
    expect(r.providerOf(single)).toBe('owner');
    expect(() => r.provide(single, { n: 2 }, 'intruder')).toThrow(/already provided by "owner"/);
  });
});
