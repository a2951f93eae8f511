import { Value } from 'typebox/value';
import {
  ChannelsConfigSection,
  DownloaderConfigSection,
  type EventBus,
  type PlatformSleeps,
  type PluginLogger,
} from '@vidkeep/contracts';
import { listingRequests, REQUESTS_PER_VIDEO } from '../../../plugins/downloader/src/services/polite/budget.js';
import { PlatformGate } from '../../../plugins/downloader/src/services/polite/gate.js';
import { backoffMs, retryPolicyOf, type RetryPolicy } from '../../../plugins/downloader/src/services/run/auto-retry.js';
import { prng } from '../lib.js';
import { Actor, Clock, HOUR, SECOND, ThrottlingPlatform, type Wait } from './sim.js';

/**
 * A day of subscribed channels against a platform that throttles, in virtual time. The polite run
 * drives the real `PlatformGate` with an injected clock; the rest is modelled after the code that
 * uses it: the hourly sweep lists each channel through `SourceClient.run` (refused by the gate:
 * skipped this hour), the queue's `pump` admits a job, `fairYield` gives the slot to another
 * channel's job after each video, `JobRun` and its `RunTurn` spend, yield and cool down. The naive
 * run has no gate: a video lost to a 429 is retried on its own later.
 */

/** A video request is answered in this long (the media request's answer is the download). */
const ANSWER_MS = 500;
/** A listing page is answered in this long (a sweep lists 5 entries: no sleeps, under 100). */
const LISTING_PAGE_MS = 1500;
/** The virtual clock starts here (a Monday, 00:00 UTC); the gate keeps ISO dates. */
const EPOCH = Date.UTC(2026, 0, 5);

export interface Scenario {
  name: string;
  /** The platform answers 429 while it has served this many requests in the last hour. */
  throttlePerHour: number;
  /** `platformRequestsPerHour` of the polite run. */
  capPerHour: number;
  cooldownMinutes: number;
  channels: number;
  /** New videos per channel, uniform in this range, published uniformly over the first 23 h. */
  newPerChannel: [number, number];
  backlogChannels: number;
  backlogVideos: number;
  /** How long one video downloads, uniform in this range (seconds). */
  downloadSeconds: [number, number];
  /** Retries of a video the naive run lost to a 429 (the first after 60 s, doubling). */
  naiveRetries: number;
  seed: number;
  /** Sweeps go on and the simulation runs until everything is done, or this many hours. */
  horizonHours: number;
}

export interface RunResult {
  /** When each request reached the platform (virtual ms from the start). */
  requestTimes: number[];
  refused: number;
  cooldowns: number;
  maxCooldownLevel: number;
  /** Requests that reached the platform while the gate was cooling down. */
  sentWhileCooling: number;
  /** The highest count the gate held for its sliding hour, read after each spend. */
  gateMax: number;
  downloaded: number;
  failed: number;
  /** New videos never queued: 5 newer ones came out while their channel was not listed. */
  missed: number;
  total: number;
  /** When everything was downloaded, given up or missed; null: not within the horizon. */
  finishedMs: number | null;
  leftAtDay: number;
  listingsSkipped: number;
  listingsRefused: number;
  cpuMs: number;
}

interface Video {
  channel: number;
  publishedAt: number;
  /** When 5 newer videos of its channel are out: a sweep (newest 5 entries) no longer sees it. */
  lostAt: number;
  /** Download time left (yt-dlp continues its partial file after an interruption). */
  remainingMs: number;
  attempts: number;
  queued: boolean;
}

interface Job {
  owner: number;
  videos: Video[];
  turnAt: number;
  readyAt: number;
  seq: number;
}

const quietLogger: PluginLogger = {
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  child: () => quietLogger,
};

const ENTRIES_PER_SWEEP = (Value.Create(ChannelsConfigSection) as ChannelsConfigSection).channelFilesToDownload;

/** The videos of the day (the same for both runs of a scenario). */
function workload(s: Scenario): { published: Video[][]; backlog: Video[][] } {
  const rnd = prng(s.seed);
  const video = (channel: number, publishedAt: number): Video => {
    const [lo, hi] = s.downloadSeconds;
    const remainingMs = Math.round((lo + rnd() * (hi - lo)) * SECOND);
    return { channel, publishedAt, lostAt: Infinity, remainingMs, attempts: 0, queued: false };
  };
  const published = Array.from({ length: s.channels }, (_, c) => {
    const [lo, hi] = s.newPerChannel;
    const n = lo + Math.floor(rnd() * (hi - lo + 1));
    const times = Array.from({ length: n }, () => Math.floor(rnd() * 23 * HOUR)).sort((a, b) => a - b);
    const videos = times.map((t) => video(c, t));
    videos.forEach((v, i) => (v.lostAt = videos[i + ENTRIES_PER_SWEEP]?.publishedAt ?? Infinity));
    return videos;
  });
  // Download-alls of channels spread over the list, queued at 00:00 (their listing done before).
  const backlog = Array.from({ length: s.backlogChannels }, (_, i) => {
    const c = Math.floor((i * s.channels) / s.backlogChannels);
    return Array.from({ length: s.backlogVideos }, () => video(c, -1));
  });
  return { published, backlog };
}

export function simulateDay(s: Scenario, mode: 'polite' | 'naive'): RunResult {
  const cpu = process.cpuUsage();
  const day = new Day(s, mode);
  const result = day.run();
  const used = process.cpuUsage(cpu);
  return { ...result, cpuMs: (used.user + used.system) / 1000 };
}

class Day {
  private readonly clock = new Clock();
  private readonly platform: ThrottlingPlatform;
  private readonly gate: PlatformGate | undefined;
  private readonly rnd: () => number;
  private readonly published: Video[][];
  private readonly total: number;
  private readonly sleeps: PlatformSleeps | null;
  private readonly requestGapMs: number;
  private readonly retry: RetryPolicy;
  private readonly queue: Job[] = [];
  /** The job holding the download slot, and since when its current video downloads. */
  private running: { job: Job; video: Video | null; downloadFrom: number | null } | null = null;
  private readonly worker = new Actor(this.clock, () => this.download());
  private readonly sweeper = new Actor(this.clock, () => this.sweep());
  private jobSeq = 0;
  private readonly r: Omit<RunResult, 'cpuMs' | 'requestTimes' | 'refused' | 'total' | 'missed'> = {
    cooldowns: 0,
    maxCooldownLevel: 0,
    sentWhileCooling: 0,
    gateMax: 0,
    downloaded: 0,
    failed: 0,
    finishedMs: null,
    leftAtDay: 0,
    listingsSkipped: 0,
    listingsRefused: 0,
  };

  constructor(
    private readonly s: Scenario,
    mode: 'polite' | 'naive',
  ) {
    const { published, backlog } = workload(s);
    this.published = published;
    this.total = [...published, ...backlog].reduce((n, v) => n + v.length, 0);
    this.rnd = prng(s.seed + (mode === 'polite' ? 1 : 2));
    this.platform = new ThrottlingPlatform(s.throttlePerHour);
    const config: DownloaderConfigSection = {
      ...(Value.Create(DownloaderConfigSection) as DownloaderConfigSection),
      concurrentJobs: 1,
      sleepRequests: 1,
      platformRequestsPerHour: mode === 'polite' ? s.capPerHour : 0,
      platformCooldownMinutes: s.cooldownMinutes,
      downloadAutoRetryCount: s.naiveRetries,
      downloadAutoRetryDelaySeconds: 60,
    };
    const events: Pick<EventBus, 'publish'> = {
      publish: (name, payload) => {
        if (name !== 'downloader.platform.coolingDown') return;
        this.r.cooldowns += 1;
        this.r.maxCooldownLevel = Math.max(this.r.maxCooldownLevel, (payload as { level: number }).level);
      },
    };
    this.gate =
      mode === 'polite'
        ? new PlatformGate({
            config: () => config,
            saveCooldown: async () => undefined,
            events,
            hub: undefined,
            logger: quietLogger,
            timeScale: 1,
            now: () => EPOCH + this.clock.now,
          })
        : undefined;
    // The queue's coolDown: a cool-down stops the running job; it resumes where it stopped.
    this.gate?.onChange((change) => {
      if (change === 'cooling') this.clock.at(this.clock.now, () => this.interrupt());
    });
    this.sleeps = this.gate?.sleeps() ?? null;
    this.requestGapMs = (this.sleeps?.requestSeconds ?? config.sleepRequests) * SECOND;
    this.retry = retryPolicyOf(config);
    for (const videos of backlog) this.enqueue(videos[0]!.channel, videos);
  }

  run(): Omit<RunResult, 'cpuMs'> {
    this.sweeper.start();
    this.worker.start();
    this.clock.run(Math.min(24, this.s.horizonHours) * HOUR);
    this.r.leftAtDay = this.left();
    this.clock.run(this.s.horizonHours * HOUR);
    this.gate?.close();
    return {
      ...this.r,
      requestTimes: this.platform.sent,
      refused: this.platform.refused,
      missed: this.missed(),
      total: this.total,
    };
  }

  private missed(): number {
    return this.published.flat().filter((v) => !v.queued && v.lostAt <= this.clock.now).length;
  }

  private left(): number {
    return this.total - this.r.downloaded - this.r.failed - this.missed();
  }

  private settle(): void {
    if (this.left() > 0) return;
    this.r.finishedMs = this.clock.now;
    this.clock.stopped = true;
  }

  /** One request to the platform and its answer: false for a 429. */
  private *request(answerMs: number): Generator<Wait, boolean, void> {
    if (this.gate?.cooling()) this.r.sentWhileCooling += 1;
    const ok = this.platform.request(this.clock.now);
    yield { at: this.clock.now + answerMs };
    return ok;
  }

  private spend(requests: number): void {
    if (!this.gate) return;
    this.gate.spend(requests);
    this.r.gateMax = Math.max(this.r.gateMax, this.gate.state().budget.requestsLastHour);
  }

  private enqueue(owner: number, videos: Video[], readyAt = this.clock.now): void {
    this.queue.push({ owner, videos, turnAt: this.clock.now, readyAt, seq: this.jobSeq++ });
    this.worker.wake();
  }

  /** A job that yields its slot goes to the back of the queue (`turnAt`). */
  private requeue(job: Job): void {
    job.turnAt = this.clock.now;
    this.queue.push(job);
  }

  private nextJob(): Job | undefined {
    return this.queue
      .filter((j) => j.readyAt <= this.clock.now)
      .sort((a, b) => a.turnAt - b.turnAt || a.seq - b.seq)[0];
  }

  private interrupt(): void {
    if (this.running) {
      const { job, video, downloadFrom } = this.running;
      if (video && downloadFrom !== null)
        video.remainingMs = Math.max(0, video.remainingMs - (this.clock.now - downloadFrom));
      this.running = null;
      this.requeue(job);
    }
    this.worker.start();
  }

  /** The download slot (concurrentJobs 1): the queue's pump, then the job's yt-dlp run. */
  private *download(): Generator<Wait, void, void> {
    for (;;) {
      const job = this.nextJob();
      if (!job) {
        yield { at: Math.min(...this.queue.map((j) => j.readyAt)), wake: true };
        continue;
      }
      // Nothing automatic starts during a cool-down or with the budget spent.
      const door = this.gate?.admit('automatic');
      if (door && !door.ok) {
        yield { at: door.until.getTime() - EPOCH };
        continue;
      }
      this.queue.splice(this.queue.indexOf(job), 1);
      this.running = { job, video: null, downloadFrom: null };
      yield* this.runJob(job);
      this.running = null;
    }
  }

  private *runJob(job: Job): Generator<Wait, void, void> {
    const { gate, sleeps } = this;
    while (job.videos.length > 0) {
      const video = job.videos[0]!;
      // yt-dlp's --sleep-interval before each video (the polite run only).
      if (sleeps)
        yield {
          at: this.clock.now + (sleeps.minSeconds + this.rnd() * (sleeps.maxSeconds - sleeps.minSeconds)) * SECOND,
        };
      const running = { job, video, downloadFrom: null as number | null };
      this.running = running;
      this.spend(REQUESTS_PER_VIDEO); // RunTurn.videoStarted
      let ok = true;
      for (let i = 0; i < REQUESTS_PER_VIDEO && ok; i++) {
        if (i > 0) yield { at: this.clock.now + this.requestGapMs };
        // The last request is the media's: its answer is the download.
        ok = yield* this.request(i < REQUESTS_PER_VIDEO - 1 ? ANSWER_MS : 0);
      }
      if (ok) {
        running.downloadFrom = this.clock.now;
        yield { at: this.clock.now + video.remainingMs };
        this.running = { job, video: null, downloadFrom: null };
        job.videos.shift();
        this.r.downloaded += 1;
        gate?.succeeded(); // RunTurn.videoDone: a quiet success
        this.settle();
        if (job.videos.length === 0) return;
        // A spent budget (RunTurn.videoDone) or another channel's job waiting (fairYield).
        if (gate?.mustYield() || this.queue.some((j) => j.readyAt <= this.clock.now && j.owner !== job.owner)) {
          this.requeue(job);
          return;
        }
        continue;
      }
      this.running = { job, video: null, downloadFrom: null };
      // RunTurn.slowedDown: with a cool-down in force the video waits for it with the rest.
      if (gate?.failed('http_429')) {
        this.requeue(job);
        return;
      }
      job.videos.shift();
      video.attempts += 1;
      if (video.attempts <= this.retry.retries)
        this.enqueue(video.channel, [video], this.clock.now + backoffMs(this.retry, video.attempts));
      else {
        this.r.failed += 1;
        this.settle();
      }
    }
  }

  /** The hourly sweep: each channel's newest entries, one listing after another. */
  private *sweep(): Generator<Wait, void, void> {
    for (let hour = 0; hour < this.s.horizonHours; hour++) {
      if (this.clock.now < hour * HOUR) yield { at: hour * HOUR };
      for (let c = 0; c < this.s.channels; c++) {
        const door = this.gate?.admit('automatic', { lookup: true });
        if (door && !door.ok) {
          this.r.listingsSkipped += 1; // SourceClient.run answers "wait" at once: skipped this hour
          continue;
        }
        let ok = true;
        for (let p = 0; p < listingRequests(ENTRIES_PER_SWEEP) && ok; p++) ok = yield* this.request(LISTING_PAGE_MS);
        this.spend(listingRequests(ok ? ENTRIES_PER_SWEEP : 0));
        if (!ok) {
          this.r.listingsRefused += 1;
          this.gate?.failed('http_429');
          continue;
        }
        this.gate?.succeeded();
        const seen = this.published[c]!.filter((v) => v.publishedAt <= this.clock.now).slice(-ENTRIES_PER_SWEEP);
        const found = seen.filter((v) => !v.queued);
        for (const v of found) v.queued = true;
        if (found.length > 0) this.enqueue(c, found);
      }
      this.settle();
    }
  }
}
