import { diffConfig, sameValue, validateField } from './config-diff';
import { metaOf as meta } from '../../../testing/config-schema';

describe('sameValue', () => {
  it('compares arrays as sets and scalars strictly', () => {
    expect(sameValue(['sponsor', 'selfpromo'], ['selfpromo', 'sponsor'])).toBe(true);
    expect(sameValue(['sponsor'], ['sponsor', 'intro'])).toBe(false);
    expect(sameValue(1, 1)).toBe(true);
    expect(sameValue(1, '1')).toBe(false);
    expect(sameValue('', null)).toBe(false);
  });

  it('compares list entries that are objects by their content', () => {
    const a = [{ subfolder: 'music', libraryId: '3' }];
    expect(sameValue(a, [{ subfolder: 'music', libraryId: '3' }])).toBe(true);
    expect(sameValue(a, [{ subfolder: 'music', libraryId: '4' }])).toBe(false);
  });
});

describe('diffConfig', () => {
  const fields = [
    { key: 'apiKeyRateLimit', kind: 'integer' as const },
    { key: 'sponsorblockCategories', kind: 'multi' as const },
    { key: 'mediaserverUrl', kind: 'string' as const },
    { key: 'proxy', kind: 'secret' as const },
    { key: 'sourceApiKey', kind: 'secret' as const },
    { key: 'cookiesEnabled', kind: 'boolean' as const },
  ];
  const initial = {
    apiKeyRateLimit: 10,
    sponsorblockCategories: ['sponsor', 'selfpromo'],
    mediaserverUrl: '',
    cookiesEnabled: false,
  };

  it('sends nothing when nothing changed (empty secrets mean "keep")', () => {
    const current = { ...initial, sponsorblockCategories: ['selfpromo', 'sponsor'], proxy: '', sourceApiKey: '' };
    expect(diffConfig({ fields, initial, current })).toEqual({});
  });

  it('sends only the changed keys', () => {
    const current = { ...initial, apiKeyRateLimit: 20, cookiesEnabled: true, proxy: '', sourceApiKey: '' };
    expect(diffConfig({ fields, initial, current })).toEqual({ apiKeyRateLimit: 20, cookiesEnabled: true });
  });

  it('sends a typed secret and an empty string for a removed one', () => {
    const current = { ...initial, proxy: 'socks5://u:p@host:1080', sourceApiKey: 'ignored' };
    expect(diffConfig({ fields, initial, current, clearSecrets: new Set(['sourceApiKey']) })).toEqual({
      proxy: 'socks5://u:p@host:1080',
      sourceApiKey: '',
    });
  });

  it('never sends read-only keys', () => {
    const current = { ...initial, mediaserverUrl: 'http://jellyfin:8096', apiKeyRateLimit: 11 };
    expect(diffConfig({ fields, initial, current, readOnly: new Set(['mediaserverUrl']) })).toEqual({
      apiKeyRateLimit: 11,
    });
  });

  it('sends a changed category list', () => {
    const current = { ...initial, sponsorblockCategories: ['intro'] };
    expect(diffConfig({ fields, initial, current })).toEqual({ sponsorblockCategories: ['intro'] });
  });
});

describe('validateField', () => {
  it('checks integer ranges like the schema', () => {
    const m = meta('apiKeyRateLimit');
    expect(validateField(m, 10)).toBeNull();
    expect(validateField(m, 1)).toBeNull();
    expect(validateField(m, 1000)).toBeNull();
    expect(validateField(m, 0)).toBe('Must be at least 1');
    expect(validateField(m, 1001)).toBe('Must be at most 1000');
    expect(validateField(m, 2.5)).toBe('Enter a whole number');
    expect(validateField(m, null)).toBe('A value is required');
    expect(validateField(m, '')).toBe('A value is required');
  });

  it('accepts fractions for number keys', () => {
    const m = meta('maxJobRuntimeHours');
    expect(validateField(m, 0.5)).toBeNull();
    expect(validateField(m, 0.001)).toBe('Must be at least 0.01');
    expect(validateField(m, Number.NaN)).toBe('Enter a number');
  });

  it('checks string lengths and patterns', () => {
    expect(validateField(meta('tmpFilePath'), '')).toBe('A value is required');
    expect(validateField(meta('defaultSubfolder'), 'x'.repeat(101))).toBe('At most 100 characters (now 101)');
    expect(validateField(meta('defaultSubfolder'), 'Music')).toBeNull();
    expect(validateField(meta('defaultSubfolder'), '__playlists__')).toMatch(/reserved for the .m3u files/);
    expect(validateField(meta('defaultSubfolder'), 'a/b')).toMatch(/no slashes/);
    expect(validateField(meta('downloadRateLimit'), '4.2M')).toBeNull();
    expect(validateField(meta('downloadRateLimit'), '')).toBeNull();
    expect(validateField(meta('downloadRateLimit'), 'fast')).toMatch(/500K/);
    expect(validateField(meta('sponsorblockApiUrl'), 'ftp://x')).toMatch(/http/);
    expect(validateField(meta('subtitleLanguage'), 'en,de')).toBeNull();
    expect(validateField(meta('subtitleLanguage'), 'en de')).toMatch(/letters/);
  });

  it('lets an empty secret through (keep) but checks a typed one', () => {
    expect(validateField(meta('proxy'), '')).toBeNull();
    expect(validateField(meta('proxy'), 'http://proxy:3128')).toBeNull();
    expect(validateField(meta('proxy'), 'proxy:3128')).toMatch(/socks5h/);
    expect(validateField(meta('sourceApiKey'), 'abc def')).toMatch(/Letters/);
  });

  it('checks enums and lists against their options', () => {
    expect(validateField(meta('preferredResolution'), '720')).toBeNull();
    expect(validateField(meta('preferredResolution'), '4320')).toBe('Choose one of the options');
    expect(validateField(meta('sponsorblockCategories'), [])).toBeNull();
    expect(validateField(meta('sponsorblockCategories'), ['sponsor', 'sponsor'])).toBe('Each entry may be chosen once');
    expect(validateField(meta('sponsorblockCategories'), ['ads'])).toBe('"ads" is not one of the options');
    expect(validateField(meta('cookiesEnabled'), true)).toBeNull();
    expect(validateField(meta('cookiesEnabled'), 'yes')).toBe('Choose on or off');
  });

  it('takes any entries of a list the server fills (libraries), but each once', () => {
    expect(validateField(meta('jellyfinVideoLibraryIds'), ['a1', 'b2'])).toBeNull();
    expect(validateField(meta('jellyfinVideoLibraryIds'), ['a1', 'a1'])).toBe('Each entry may be chosen once');
    const twice = { subfolder: 'music', libraryId: '3' };
    expect(validateField(meta('plexSubfolderLibraryMappings'), [twice, { ...twice }])).toBe(
      'Each entry may be chosen once',
    );
  });

  it('takes null for a nullable key (a strategy switched off) and checks its other values', () => {
    expect(validateField(meta('autoRemovalVideoAgeThreshold'), null)).toBeNull();
    expect(validateField(meta('autoRemovalVideoAgeThreshold'), '30')).toBeNull();
    expect(validateField(meta('autoRemovalVideoAgeThreshold'), '0')).toBe('Whole days, at least 1');
    expect(validateField(meta('autoRemovalFreeSpaceThreshold'), null)).toBeNull();
    expect(validateField(meta('autoRemovalFreeSpaceThreshold'), '20GB')).toBeNull();
    expect(validateField(meta('autoRemovalFreeSpaceThreshold'), '1.5GB')).toMatch(/500MB or 20GB/);
    expect(validateField(meta('autoRemovalWatchedMinDaysSinceWatched'), '')).toBeNull();
    expect(validateField(meta('autoRemovalWatchedMinDaysSinceWatched'), '0')).toBe('Whole days, or empty for any time');
  });
});
