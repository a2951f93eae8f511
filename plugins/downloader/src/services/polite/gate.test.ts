import { Value } from 'typebox/value';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DownloaderConfigSection, type LiveMessage } from '@vidkeep/contracts';
import { PlatformGate } from './gate.js';

const MIN = 60_000;
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;
const defaults = (settings: Partial<DownloaderConfigSection> = {}): DownloaderConfigSection => ({
  ...(Value.Create(DownloaderConfigSection) as DownloaderConfigSection),
  ...settings,
});
/** A gate that keeps, tells and shows nothing (a restart reads `config`). */
const bareGate = (config: DownloaderConfigSection, timeScale?: number) =>
  new PlatformGate({
    config: () => config,
    saveCooldown: async () => undefined,
    events: { publish() {} } as never,
    hub: undefined,
    logger: quiet,
    timeScale,
  });

/** A gate on a clock the test moves, with what it published, broadcast and kept. */
function gateAt(settings: Partial<DownloaderConfigSection> = {}) {
  let now = Date.parse('2026-11-29T10:00:00Z');
  const config: DownloaderConfigSection = {
    ...(Value.Create(DownloaderConfigSection) as DownloaderConfigSection),
    ...settings,
  };
  const published: { name: string; payload: Record<string, unknown> }[] = [];
  const broadcast: LiveMessage[] = [];
  const gate = new PlatformGate({
    config: () => config,
    saveCooldown: async (text) => {
      config.platformCooldown = text;
    },
    events: { publish: (name: string, payload: Record<string, unknown>) => published.push({ name, payload }) } as never,
    hub: { broadcast: (m: LiveMessage) => broadcast.push(m) } as never,
    logger: quiet,
    now: () => now,
  });
  return { gate, config, published, broadcast, advance: (ms: number) => (now += ms), now: () => now };
}

afterEach(() => vi.useRealTimers());

describe('the platform gate', () => {
  it('lets automatic downloads through while a video fits in their share of the hour, and a person regardless', () => {
    const { gate, advance } = gateAt({ platformRequestsPerHour: 100 });
    expect(gate.admit('automatic')).toEqual({ ok: true, override: false });
    // Automatic downloads get 90 of the 100: at 86 one more video (4) still fits.
    gate.spend(86);
    expect(gate.mustYield()).toBe(false);
    gate.spend(1);
    expect(gate.admit('automatic').ok).toBe(false);
    expect(gate.mustYield()).toBe(true);
    expect(gate.admit('manual')).toEqual({ ok: true, override: false });
    expect(gate.state().budget).toMatchObject({ requestsPerHour: 100, requestsLastHour: 87 });
    expect(gate.state().budget.waitingUntil).not.toBeNull();
    // The rest is kept for listings (2 requests each), up to the cap and never above it.
    expect(gate.admit('automatic', { lookup: true }).ok).toBe(true);
    gate.spend(11);
    expect(gate.admit('automatic', { lookup: true }).ok).toBe(true);
    gate.spend(1);
    expect(gate.admit('automatic', { lookup: true }).ok).toBe(false);
    advance(60 * MIN);
    expect(gate.admit('automatic').ok).toBe(true);
  });

  it('waits for the day when the byte budget is spent', () => {
    const { gate, advance } = gateAt({ platformGigabytesPerDay: 1 });
    gate.spend(0, 1024 ** 3);
    expect(gate.admit('automatic').ok).toBe(false);
    advance(23 * 60 * MIN);
    expect(gate.admit('automatic').ok).toBe(false);
    advance(60 * MIN);
    expect(gate.admit('automatic').ok).toBe(true);
  });

  it('cools everything down on a 429, once, and lets one request of a person through', () => {
    const { gate, published, broadcast, config, advance } = gateAt();
    const changes: string[] = [];
    gate.onChange((c) => changes.push(c));
    expect(gate.failed('http_429')).toBe(true);
    // The refusals of requests already on their way belong to the same cool-down.
    expect(gate.failed('http_429')).toBe(true);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      name: 'downloader.platform.coolingDown',
      payload: { cause: 'http_429', level: 1, minutes: 15, reason: 'the platform asked us to slow down (429)' },
    });
    expect(changes).toEqual(['cooling']);
    expect(JSON.parse(config.platformCooldown)).toMatchObject({ cause: 'http_429', level: 1 });
    expect(broadcast.at(-1)).toMatchObject({
      type: 'platformUpdated',
      platform: { cooldown: { level: 1, overrideAvailable: true } },
    });

    expect(gate.admit('automatic').ok).toBe(false);
    // A person's job the cool-down sent back waits: the one request let through is for a new one.
    expect(gate.admit('manual', { askedAt: new Date(Date.parse(gate.state().cooldown!.since) - 1) }).ok).toBe(false);
    // A lookup (a listing, a search) does not take it either.
    expect(gate.admit('manual', { lookup: true }).ok).toBe(false);
    expect(gate.admit('manual')).toEqual({ ok: true, override: true });
    expect(gate.admit('manual').ok).toBe(false);
    expect(gate.state().cooldown?.overrideAvailable).toBe(false);
    advance(15 * MIN + 1);
    expect(gate.admit('automatic').ok).toBe(true);
  });

  it('doubles the next cool-down until a quiet success after one clears it', () => {
    const { gate, advance, published, config } = gateAt({ platformCooldownMinutes: 10 });
    gate.failed('bot_check');
    advance(10 * MIN + 1);
    gate.failed('http_429');
    expect(published.map((p) => p.payload.minutes)).toEqual([10, 20]);
    advance(20 * MIN + 1);
    gate.succeeded();
    expect(config.platformCooldown).toBe('');
    gate.failed('http_429');
    expect(published.map((p) => p.payload.minutes)).toEqual([10, 20, 10]);
  });

  it('escalates when a request let through during a cool-down is refused again', () => {
    const { gate, advance, published } = gateAt();
    gate.failed('http_429');
    advance(5 * MIN);
    expect(gate.failed('http_429')).toBe(true);
    expect(published.map((p) => p.payload.level)).toEqual([1, 2]);
  });

  it('takes the third 403 within ten minutes as a block, and fewer as bad luck', () => {
    const { gate, advance } = gateAt();
    expect(gate.failed('http_403')).toBe(false);
    expect(gate.failed('http_403')).toBe(false);
    advance(11 * MIN);
    expect(gate.failed('http_403')).toBe(false);
    expect(gate.failed('http_403')).toBe(false);
    expect(gate.failed('http_403')).toBe(true);
    expect(gate.state().cooldown?.cause).toBe('http_403_burst');
    // Other failures say nothing about the platform's mood.
    expect(gateAt().gate.failed('private')).toBe(false);
  });

  it('never cools down with platformCooldownMinutes 0', () => {
    const { gate, published } = gateAt({ platformCooldownMinutes: 0 });
    expect(gate.failed('http_429')).toBe(false);
    expect(gate.admit('automatic').ok).toBe(true);
    expect(published).toHaveLength(0);
  });

  it('keeps a cool-down across a restart, and says when it ends', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-29T10:00:00Z') });
    const first = gateAt();
    first.gate.failed('http_429');
    first.gate.close();
    const kept = first.config.platformCooldown;
    const again = bareGate(defaults({ platformCooldown: kept }));
    const changes: string[] = [];
    again.onChange((c) => changes.push(c));
    expect(again.admit('automatic').ok).toBe(false);
    await vi.advanceTimersByTimeAsync(15 * MIN + 10);
    expect(changes).toEqual(['open']);
    expect(again.admit('automatic').ok).toBe(true);
    again.close();
  });

  it("derives yt-dlp's sleeps from the budget and a time scale", () => {
    const { gate } = gateAt({ platformRequestsPerHour: 360, concurrentJobs: 1 });
    expect(gate.sleeps()).toMatchObject({ requestSeconds: 10, minSeconds: 20, maxSeconds: 30 });
    const fast = bareGate(defaults({ platformRequestsPerHour: 360, concurrentJobs: 1, sleepRequests: 0 }), 0.01);
    expect(fast.sleeps()).toMatchObject({ requestSeconds: 0.1, minSeconds: 0.2, maxSeconds: 0.3 });
  });
});
