import { REQUESTS_PER_VIDEO } from '../../plugins/downloader/src/services/polite/budget.js';
import { fmt, nodeFloorMs } from './lib.js';
import { simulateDay, type RunResult, type Scenario } from './polite/day.js';
import { HOUR, hourlyPeaks } from './polite/sim.js';

/**
 * Polite downloading over a simulated day (issue 36): 50 subscribed channels swept every hour,
 * 2-6 new videos each, and three download-alls of 200 videos, against a platform that answers
 * 429 above a number of requests in any sliding hour. The polite run drives the real
 * `PlatformGate` (budget, sleeps, cool-downs) with a virtual clock; the naive run has no budget,
 * no cool-down and no sleeps beyond `sleepRequests`, and retries each video lost to a 429 on its
 * own. Nothing sleeps for real, and the runs are seeded: every run prints the same figures (but
 * the CPU times). The machine floor (`node -e 0`) is printed beside them.
 */
const BASE: Scenario = {
  name: '',
  throttlePerHour: 600,
  capPerHour: 500,
  cooldownMinutes: 15,
  channels: 50,
  newPerChannel: [2, 6],
  backlogChannels: 3,
  backlogVideos: 200,
  downloadSeconds: [20, 90],
  naiveRetries: 3,
  seed: 20260105,
  horizonHours: 72,
};

const SCENARIOS: Scenario[] = [
  { ...BASE, name: 'A. platform throttles at 600/h, budget 500/h' },
  { ...BASE, name: 'B. stricter platform: throttles at 300/h, budget 250/h', throttlePerHour: 300, capPerHour: 250 },
  { ...BASE, name: 'C. budget set too high: platform throttles at 200/h, budget 500/h', throttlePerHour: 200 },
  { ...BASE, name: 'D. a budget that binds: platform throttles at 600/h, budget 150/h', capPerHour: 150 },
];

const hhmm = (ms: number) => {
  const minutes = Math.round(ms / 60_000);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

function finish(r: RunResult, horizonHours: number): string {
  if (r.finishedMs !== null && r.finishedMs <= 24 * HOUR) return hhmm(r.finishedMs);
  const later = r.finishedMs !== null ? `done at ${hhmm(r.finishedMs)}` : `not done in ${horizonHours} h either`;
  return `not finished in 24 h (${r.leftAtDay} left; ${later})`;
}

function table(s: Scenario, polite: RunResult, naive: RunResult): string[] {
  const p = hourlyPeaks(polite.requestTimes);
  const n = hourlyPeaks(naive.requestTimes);
  const vsCap = (x: number) => `${fmt(x)} (${x <= s.capPerHour ? 'within' : 'ABOVE'} the budget)`;
  const videos = (r: RunResult) => `${r.downloaded} / ${r.failed} / ${r.missed} of ${r.total}`;
  const rows: [string, string, string][] = [
    ['requests sent (429s included)', fmt(polite.requestTimes.length), fmt(naive.requestTimes.length)],
    ['max requests in a clock hour', vsCap(p.clockMax), fmt(n.clockMax)],
    ['max requests in a sliding hour', vsCap(p.slidingMax), fmt(n.slidingMax)],
    ['max the gate counted in its hour', fmt(polite.gateMax), '-'],
    ['429s received', fmt(polite.refused), fmt(naive.refused)],
    ['cool-downs (highest level)', `${polite.cooldowns} (${polite.maxCooldownLevel})`, '-'],
    ['requests sent during a cool-down', fmt(polite.sentWhileCooling), '-'],
    [
      'listings skipped by the gate / refused',
      `${fmt(polite.listingsSkipped)} / ${polite.listingsRefused}`,
      `- / ${naive.listingsRefused}`,
    ],
    ['videos downloaded / failed / missed', videos(polite), videos(naive)],
    ['everything done at', finish(polite, s.horizonHours), finish(naive, s.horizonHours)],
    ['CPU time of the simulation', `${fmt(polite.cpuMs, 1)} ms`, `${fmt(naive.cpuMs, 1)} ms`],
  ];
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  const line = (r: [string, string, string]) => `  ${r[0].padEnd(w0)}  ${r[1].padEnd(w1)}  ${r[2]}`.trimEnd();
  return [
    line(['', 'polite', 'naive']),
    ...rows.map(line),
    `  requests per clock hour, polite: ${p.perClockHour.join(' ')}`,
    `  requests per clock hour, naive:  ${n.perClockHour.join(' ')}`,
  ];
}

export default async function politeBench(): Promise<void> {
  console.log(`machine floor: node -e 0 median ${fmt(nodeFloorMs(), 1)} ms`);
  const b = BASE;
  console.log(
    [
      `a simulated day in virtual time (seed ${b.seed}; every run prints the same figures but the CPU times):`,
      `- ${b.channels} channels, each listed every hour (its newest 5 entries, 2 requests); ${b.newPerChannel[0]}-${b.newPerChannel[1]} new videos`,
      `  per channel published over the first 23 h; ${b.backlogChannels} download-alls of ${b.backlogVideos} videos queued at 00:00`,
      `- a video is ${REQUESTS_PER_VIDEO} requests and downloads in ${b.downloadSeconds[0]}-${b.downloadSeconds[1]} s, one at a time (concurrentJobs 1)`,
      `- the platform serves at most its throttle in any sliding hour and answers 429 beyond it`,
      `- polite: the real PlatformGate and its sleeps, cool-down ${b.cooldownMinutes} min (doubling while 429s go on)`,
      `- naive: no budget, no cool-down, 1 s between requests (sleepRequests); a video lost to a 429`,
      `  is retried after 60 s, doubling, ${b.naiveRetries} times, then failed`,
      `- videos: downloaded / failed / missed (5 newer ones came out while the channel went unlisted)`,
    ].join('\n'),
  );
  for (const s of SCENARIOS) {
    const polite = simulateDay(s, 'polite');
    const naive = simulateDay(s, 'naive');
    console.log(`\n${s.name}`);
    for (const l of table(s, polite, naive)) console.log(l);
  }
}
