import { describe, expect, it } from 'vitest';
import { discoveredMessage, jobMessage, LIST_MAX, retentionMessage, toolUpdateMessage } from './messages.js';
import { maskUrlsIn, viewOf, wantsMarkdown } from './apprise/targets.js';
import { maskWebhookUrl } from './webhooks/url.js';
import { backoffMs } from './webhooks/worker.js';
import { signatureOf, verifySignature } from './webhooks/signature.js';

const base = {
  jobId: 'j',
  jobType: 'channel',
  ownerChannelId: null,
  completedSourceIds: [],
  failedSourceIds: [],
};

describe('messages', () => {
  it('a sweep that found 40 videos in two channels is one message, its list cut with a count', () => {
    const videos = (n: number, p: string) =>
      Array.from({ length: n }, (_, i) => ({ sourceId: `${p}${i}`, title: `${p} video ${i}` }));
    const n = discoveredMessage({
      sources: [
        { kind: 'channel', id: 'UC1', title: 'One', videos: videos(30, 'a') },
        { kind: 'channel', id: 'UC2', title: 'Two', videos: videos(10, 'b') },
      ],
      videoCount: 40,
      jobIds: ['j1', 'j2'],
    });
    expect(n.kind).toBe('videos.discovered');
    expect(n.title).toBe('40 new videos from 2 channels');
    expect(n.text).toContain(`… and ${30 - LIST_MAX} more`);
    expect(n.text).toContain('b video 9');
    expect(n.markdown).toContain('**One** (30)');
  });

  it('a job of 20 downloads is one "download finished"; a cancelled or empty job says nothing', () => {
    const completed = Array.from({ length: 20 }, (_, i) => ({ sourceId: `v${i}`, title: `Video *${i}*` }));
    const n = jobMessage({
      ...base,
      status: 'completed',
      completedSourceIds: completed.map((c) => c.sourceId),
      completed,
    })!;
    expect(n.kind).toBe('download.finished');
    expect(n.title).toBe('20 videos downloaded');
    expect(n.markdown).toContain('Video \\*0\\*');
    expect(jobMessage({ ...base, status: 'cancelled', completed })).toBeNull();
    expect(jobMessage({ ...base, status: 'completed' })).toBeNull();
  });

  it('a failed job is job.failed with its message and each diagnosis; an old payload without titles still reads', () => {
    const n = jobMessage({
      ...base,
      status: 'failed',
      message: 'yt-dlp is not installed',
      failedSourceIds: ['x'],
    })!;
    expect(n.kind).toBe('job.failed');
    expect(n.text).toContain('yt-dlp is not installed');
    expect(n.text).toContain('- x: The download failed');
  });

  it('yt-dlp: updated and failed tell, up to date does not', () => {
    const e = {
      tool: 'yt-dlp' as const,
      trigger: 'scheduled' as const,
      message: 'm',
      currentVersion: '1',
      newVersion: '2',
    };
    expect(toolUpdateMessage({ ...e, outcome: 'updated' })!.title).toBe('yt-dlp updated to 2');
    expect(toolUpdateMessage({ ...e, outcome: 'failed' })!.kind).toBe('ytdlp.update_failed');
    expect(toolUpdateMessage({ ...e, outcome: 'up-to-date' })).toBeNull();
    // A message that ends its own sentence is not given a second full stop.
    const refused = toolUpdateMessage({
      ...e,
      outcome: 'failed',
      message: 'yt-dlp 2 failed its check. 1 stays in use.',
    });
    expect(refused!.text).toBe(
      'yt-dlp 2 failed its check. 1 stays in use. Downloads go on with the installed version (1); an old yt-dlp may stop working when the platform changes.',
    );
  });

  it('retention says how much was freed', () => {
    const n = retentionMessage({
      trigger: 'scheduled',
      totalDeleted: 3,
      deletedByAge: 3,
      deletedByWatched: 0,
      deletedBySpace: 0,
      freedBytes: 3 * 1024 ** 3,
      sampleTitles: ['a'],
      errors: [],
    });
    expect(n.title).toBe('Automatic removal: 3 videos removed, 3.0 GB freed');
  });
});

describe('secrets stay hidden', () => {
  it('Apprise URLs are masked in views and in any text', () => {
    expect(viewOf({ url: 'tgram://123:ABC/456' })).toMatchObject({
      maskedUrl: 'tgram://…',
      service: 'tgram',
      name: 'tgram',
    });
    const out = maskUrlsIn('failed to send to json://10.0.0.1/tok and discord://a/b', ['json://10.0.0.1/tok']);
    expect(out).not.toContain('tok');
    expect(out).not.toContain('discord://a/b');
  });

  it('webhook URLs hide a password and query values', () => {
    expect(maskWebhookUrl('https://user:pw@host.test/h?token=abc&x=1')).toBe(
      'https://user:***@host.test/h?token=***&x=***',
    );
  });

  it('rich formatting goes only to services that show Markdown', () => {
    expect(wantsMarkdown({ url: 'discord://a/b' })).toBe(true);
    expect(wantsMarkdown({ url: 'discord://a/b', richFormatting: false })).toBe(false);
    expect(wantsMarkdown({ url: 'json://host/x' })).toBe(false);
  });
});

describe('signature and back-off', () => {
  it('signs "<t>.<body>" and a receiver accepts it only with the secret, the body and a fresh timestamp', () => {
    const header = signatureOf('s3cret-s3cret-s3cret', '{"a":1}', 1_700_000_000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature('s3cret-s3cret-s3cret', '{"a":1}', header, { now: 1_700_000_100 })).toBe(true);
    expect(verifySignature('s3cret-s3cret-s3cret', '{"a":2}', header, { now: 1_700_000_100 })).toBe(false);
    expect(verifySignature('other', '{"a":1}', header, { now: 1_700_000_100 })).toBe(false);
    expect(verifySignature('s3cret-s3cret-s3cret', '{"a":1}', header, { now: 1_700_001_000 })).toBe(false);
  });

  it('doubles the wait up to the cap, with ±20 % jitter', () => {
    const policy = { baseMs: 1000, maxMs: 10_000, maxAttempts: 8 };
    expect(backoffMs(1, policy, () => 0.5)).toBe(1000);
    expect(backoffMs(3, policy, () => 0.5)).toBe(4000);
    expect(backoffMs(10, policy, () => 0.5)).toBe(10_000);
    expect(backoffMs(1, policy, () => 0)).toBe(800);
    expect(backoffMs(1, policy, () => 1)).toBe(1200);
  });
});
