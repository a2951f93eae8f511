import type { ToolsResponse } from './contracts';
import { ytdlpStatus } from '../../../testing/fixtures/settings';
import {
  canaryLines,
  describeUserAgent,
  outcomeText,
  runStatusLabel,
  updateSummary,
  ytdlpSummary,
} from './settings-format';

describe('describeUserAgent', () => {
  it('names common browsers and systems', () => {
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox on Linux',
    );
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Windows');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(describeUserAgent('curl/7.88.1')).toBe('curl');
  });

  it('falls back to the raw text, shortened', () => {
    expect(describeUserAgent('')).toBe('Unknown client');
    expect(describeUserAgent('MyScript/1.0')).toBe('MyScript/1.0');
    expect(describeUserAgent('x'.repeat(80))).toHaveLength(58);
  });
});

describe('runStatusLabel', () => {
  it('words every run status', () => {
    expect(['running', 'success', 'error', 'skipped', 'interrupted', null].map(runStatusLabel)).toEqual([
      'Running',
      'Succeeded',
      'Failed',
      'Skipped',
      'Interrupted',
      'Never run',
    ]);
  });
});

describe('updateSummary', () => {
  it('describes each outcome', () => {
    expect(
      updateSummary({
        success: true,
        reason: 'updated',
        message: 'yt-dlp updated',
        currentVersion: '2024.01.01',
        newVersion: '2024.02.01',
      }),
    ).toBe('Updated (2024.01.01 → 2024.02.01): yt-dlp updated');
    expect(updateSummary({ success: true, reason: 'up-to-date', message: '', currentVersion: '2024.02.01' })).toBe(
      'Already up to date (2024.02.01)',
    );
    expect(
      updateSummary({ success: false, reason: 'error', message: 'network unreachable', currentVersion: null }),
    ).toBe('Update failed: network unreachable');
  });
});

describe('ytdlpSummary', () => {
  const y = (over: Partial<ToolsResponse['ytdlp']>) =>
    ytdlpStatus({
      version: '2026.08.19',
      releasedOn: '2026-08-19',
      ageDays: 101,
      latestVersion: '2026.08.19',
      ...over,
    });

  it('calls the newest release the newest, whatever its age', () => {
    expect(ytdlpSummary(y({}))).toBe(
      "Using vidkeep's own copy (installed with pip under CONFIG_DIR/yt-dlp); released 2026-08-19, 101 days ago. It is the newest release pip can install here.",
    );
  });

  it("says why an older one is stale and what to do, in the server's words", () => {
    const reason = 'yt-dlp 2026.11.20 is out and can be installed here; this one is 2026.08.19.';
    expect(ytdlpSummary(y({ stale: true, staleReason: reason, source: 'path', latestVersion: '2026.11.20' }))).toBe(
      `Using the yt-dlp on PATH; released 2026-08-19, 101 days ago. ${reason} Install a current yt-dlp below: vidkeep keeps its own copy up to date from then on.`,
    );
  });
});

describe('canaryLines', () => {
  it('lists each check of a new yt-dlp with its outcome', () => {
    expect(
      canaryLines({
        passed: false,
        version: '2099.02.03',
        steps: [
          { step: 'version', outcome: 'passed', message: 'It starts and reports version 2099.02.03.' },
          { step: 'options', outcome: 'failed', message: 'It refuses options vidkeep uses: no such option: --x' },
        ],
      }),
    ).toEqual([
      'Version: passed. It starts and reports version 2099.02.03.',
      'Options: failed. It refuses options vidkeep uses: no such option: --x',
    ]);
    expect(canaryLines(undefined)).toEqual([]);
  });
});

describe('outcomeText', () => {
  it('puts the task codes in words', () => {
    expect(outcomeText('removed-1')).toBe('Removed 1 video');
    expect(outcomeText('removed-0')).toBe('Removed 0 videos');
    expect(outcomeText('updated-84')).toBe('Updated 84 videos');
    expect(outcomeText('updated-1200')).toBe('Updated 1,200 videos');
    expect(outcomeText('up-to-date')).toBe('Up to date');
    expect(outcomeText('disabled')).toBe('Switched off');
    expect(outcomeText('nothing-to-do')).toBe('Nothing to do');
    expect(outcomeText('some-new_code')).toBe('Some new code');
    expect(outcomeText(null)).toBe('');
  });
});
