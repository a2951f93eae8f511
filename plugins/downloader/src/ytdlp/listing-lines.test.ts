import { describe, expect, it } from 'vitest';
import { isScreenLine, listingPageOf } from './listing-lines.js';

describe('listing lines of yt-dlp', () => {
  it('reads the page a listing asks for, as yt-dlp 2023 to 2026 print it', () => {
    expect(listingPageOf('[youtube:tab] UCabcdefghijklmnopqrstuv page 1: Downloading API JSON')).toBe(1);
    expect(listingPageOf('[youtube:tab] UCabcdefghijklmnopqrstuv page 166: Downloading API JSON')).toBe(166);
    expect(listingPageOf('[youtube:search_url] query "kiwi" page 2: Downloading API JSON')).toBe(2);
    expect(listingPageOf('[generic] some-list: Downloading page 4')).toBe(4);
  });

  it('ignores every other line', () => {
    expect(listingPageOf('[youtube:tab] UCabcdefghijklmnopqrstuv: Downloading webpage')).toBeNull();
    expect(listingPageOf('[youtube:tab] Sleeping 1.0 seconds ...')).toBeNull();
    expect(listingPageOf('[download] Downloading item 31 of N/A')).toBeNull();
    expect(listingPageOf('{"id": "x", "title": "page 3: Downloading API JSON"}')).toBeNull();
    expect(listingPageOf('ERROR: [youtube:tab] UCx page 2: Unable to download API page: HTTP Error 429')).toBeNull();
  });

  it('tells screen and debug chatter from errors', () => {
    expect(isScreenLine('[debug] Command-line config: [...]')).toBe(true);
    expect(isScreenLine('[youtube:tab] UCx page 1: Downloading API JSON')).toBe(true);
    expect(isScreenLine('[download] Downloading item 2 of N/A')).toBe(true);
    expect(isScreenLine('ERROR: [youtube:tab] @x: This channel does not have a shorts tab')).toBe(false);
    expect(isScreenLine('Traceback (most recent call last):')).toBe(false);
  });
});
