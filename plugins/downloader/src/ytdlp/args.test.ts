import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { DownloaderConfigSection } from '@vidkeep/contracts';
import { buildDownloadArgs, DONE_EXEC, fileTemplates, stagingTemplate, withFieldDefaults } from './args.js';
import { capabilitiesOf, FLOOR_CAPABILITIES } from './capabilities.js';
import { parseOutputLine } from './output.js';

const config = Value.Create(DownloaderConfigSection) as DownloaderConfigSection;
const input = {
  config,
  resolution: '720' as const,
  audioFormat: null,
  stagingDir: '/staging/job',
  ffmpegPath: null,
  cookiesFile: null,
  archiveFile: null,
  customArgs: [],
  urls: ['https://www.youtube.com/watch?v=abcdefghijk'],
};

describe('the download argument list', () => {
  it('prints the finished file through --exec with quoted fields only, as current yt-dlp demands', () => {
    const args = buildDownloadArgs({ ...input, caps: FLOOR_CAPABILITIES });
    expect(args[args.indexOf('--exec') + 1]).toBe(DONE_EXEC);
    // Every field of the --exec command uses the shell-quoting `q` conversion.
    expect([...DONE_EXEC.matchAll(/%\(([^)]*)\)(\w)/g)].map((m) => m[2])).toEqual(['q', 'q']);
    // No option of the list applies a placeholder with a space to --exec.
    expect(args).not.toContain('--output-na-placeholder');
    // What the shell then prints is read back as the done line.
    expect(parseOutputLine('[vidkeep:done] abcdefghijk /staging/job/abc/My Channel/x [abcdefghijk].mp4')).toEqual({
      type: 'done',
      sourceId: 'abcdefghijk',
      path: '/staging/job/abc/My Channel/x [abcdefghijk].mp4',
    });
  });

  it('adds the JavaScript runtime only for a yt-dlp that takes it', () => {
    const current = buildDownloadArgs({ ...input, caps: capabilitiesOf('    --js-runtimes RUNTIME  Enable') });
    expect(current.slice(0, 4)).toEqual([
      '--ignore-config',
      '--no-colors',
      '--js-runtimes',
      `node:${process.execPath}`,
    ]);
    expect(buildDownloadArgs({ ...input, caps: FLOOR_CAPABILITIES })).not.toContain('--js-runtimes');
  });
});

describe('output templates', () => {
  it('gives every field without a default of its own "Unknown Channel"', () => {
    expect(withFieldDefaults('%(uploader,channel,uploader_id).80B - %(title).64B')).toBe(
      '%(uploader,channel,uploader_id|Unknown Channel).80B - %(title|Unknown Channel).64B',
    );
    expect(withFieldDefaults('%(title|No title)s')).toBe('%(title|No title)s');
    // A literal percent sign stays literal; a field after it still gets its default.
    expect(withFieldDefaults('100%%(x) %%%(id)s')).toBe('100%%(x) %%%(id|Unknown Channel)s');
    // Date formats hold a percent sign and are left alone.
    expect(withFieldDefaults('%(upload_date>%Y-%m-%d)s')).toBe('%(upload_date>%Y-%m-%d)s');
  });

  it('keeps the id fields of the folder and file names as they are', () => {
    expect(fileTemplates('%(title)s')).toEqual({
      folder: '%(title|Unknown Channel)s - %(id)s',
      file: '%(title|Unknown Channel)s [%(id)s].%(ext)s',
    });
    expect(stagingTemplate('%(title)s')).toBe(
      '%(id)s/%(uploader,channel,uploader_id|Unknown Channel).80B/%(title|Unknown Channel)s - %(id)s/%(title|Unknown Channel)s [%(id)s].%(ext)s',
    );
  });
});
