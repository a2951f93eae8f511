/** The canary: the checks a new yt-dlp passes before vidkeep uses it, from its version to a real download. */
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DownloaderConfigSection, YtDlpCanaryReport, YtDlpCanaryStep } from '@vidkeep/contracts';
import { buildDownloadArgs } from '../ytdlp/args.js';
import { capabilitiesOf, optionsUsed, type YtDlpCapabilities } from '../ytdlp/capabilities.js';
import { parseCustomArgs } from '../ytdlp/custom-args.js';
import { classifyLine } from '../ytdlp/failures.js';
import { parseOutputLine } from '../ytdlp/output.js';
import type { ParseCheck } from '../ytdlp/parse-check.js';
import { runToCompletion, ToolProcess } from '../ytdlp/process.js';
import { isSupportedVersion } from '../ytdlp/versions.js';
import { YTDLP_MIN_VERSION } from '@vidkeep/contracts';
import { CANARY_URL } from './canary-video.js';
import { checkEveryArgumentList } from './canary-argument-lists.js';

const VERSION_TIMEOUT_MS = 20_000;
const SIMULATE_TIMEOUT_MS = 90_000;
const DOWNLOAD_TIMEOUT_MS = 180_000;

/** What yt-dlp says when it refuses its arguments or breaks, not when the platform refuses. */
const REFUSAL =
  /yt-dlp: error:|no such option|Unsafe (?:conversion|placeholder)|Traceback \(most recent call last\)|SyntaxError|ModuleNotFoundError|ImportError|invalid .{0,40}(?:template|filter|selector)/i;
/** Failure kinds that say the platform could not be reached or would not answer us. */
const UNREACHABLE = new Set(['network', 'timeout', 'bot_check', 'http_429', 'http_403', 'geo_blocked']);

/** A scratch folder of its own for one canary run under the private yt-dlp's folder. */
export function canaryDir(privateDir: string): string {
  return join(privateDir, 'canary', `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`);
}

export interface CanaryInput {
  /** The settings downloads run with (a snapshot). */
  config: DownloaderConfigSection;
  env: NodeJS.ProcessEnv;
  /** A folder of its own for the run; deleted afterwards. */
  workDir: string;
  url?: string;
}

export interface CanaryResult {
  report: YtDlpCanaryReport;
  caps: YtDlpCapabilities | null;
}

const firstLine = (text: string, re?: RegExp): string =>
  (
    text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('WARNING:') && !l.startsWith('[debug]'))
      .find((l) => !re || re.test(l)) ?? ''
  ).slice(0, 300);

/**
 * Checks a yt-dlp build before vidkeep uses it, in four steps that stop at the first failure:
 *
 * 1. `version`: it starts and is at least the oldest supported release;
 * 2. `options`: its `--help` can be read (what it understands decides the newer options
 *    vidkeep adds), and its own parser accepts every argument list vidkeep may build;
 * 3. `simulate`: the exact argument list of a download with the current settings runs with
 *    `--simulate` against {@link CANARY_URL}: yt-dlp parses and checks everything (the `--exec`
 *    template among it) before it asks the platform. When the platform cannot be reached the
 *    step still passes, saying so;
 * 4. `download`: where the platform answered, the same list downloads the video for real into a
 *    scratch folder, and vidkeep must read the finished file's line.
 */
export async function runCanary(binary: string, input: CanaryInput): Promise<CanaryResult> {
  const steps: YtDlpCanaryStep[] = [];
  const env = { ...input.env, PYTHONWARNINGS: 'ignore' };
  const done = (version: string | null, caps: YtDlpCapabilities | null): CanaryResult => ({
    report: { passed: steps.every((s) => s.outcome !== 'failed'), version, steps },
    caps,
  });
  const fail = (
    step: YtDlpCanaryStep['step'],
    message: string,
    version: string | null,
    caps: YtDlpCapabilities | null,
  ) => {
    steps.push({ step, outcome: 'failed', message });
    return done(version, caps);
  };

  const v = await runToCompletion(binary, ['--version'], { env, timeoutMs: VERSION_TIMEOUT_MS });
  const version = v.exitCode === 0 ? (v.stdout.trim().split('\n')[0] ?? null) : null;
  if (version === null) {
    const why =
      v.spawnError ?? (v.timedOut ? 'no answer' : firstLine(`${v.stderr}\n${v.stdout}`) || `exit code ${v.exitCode}`);
    return fail('version', `It does not start: ${why}`, null, null);
  }
  if (!isSupportedVersion(version)) {
    return fail(
      'version',
      `It reports version ${version}, older than ${YTDLP_MIN_VERSION}, the oldest vidkeep works with.`,
      version,
      null,
    );
  }
  steps.push({ step: 'version', outcome: 'passed', message: `It starts and reports version ${version}.` });

  const help = await runToCompletion(binary, ['--help'], { env, timeoutMs: VERSION_TIMEOUT_MS });
  if (help.exitCode !== 0) {
    return fail(
      'options',
      `Its --help failed: ${firstLine(help.stderr) || `exit code ${help.exitCode}`}`,
      version,
      null,
    );
  }
  const caps = capabilitiesOf(help.stdout);
  await rm(input.workDir, { recursive: true, force: true });
  try {
    const { lists, checks } = await checkEveryArgumentList(
      binary,
      input.config,
      caps,
      join(input.workDir, 'options'),
      env,
    );
    const refused = checks.find((c): c is Exclude<ParseCheck, { outcome: 'accepted' }> => c.outcome !== 'accepted');
    if (refused) {
      const why = refused.outcome === 'refused' ? refused.complaint : refused.reason;
      return fail('options', `It refuses options vidkeep uses: ${why}`, version, caps);
    }
    const count = new Set(lists.flatMap((args) => optionsUsed(args))).size;
    steps.push({
      step: 'options',
      outcome: 'passed',
      message: `It accepts every option vidkeep may pass (${count} options in ${lists.length} argument lists).`,
    });

    const url = input.url ?? CANARY_URL;
    const stagingDir = join(input.workDir, 'staging');
    await mkdir(join(stagingDir, '.parts'), { recursive: true });
    const custom = parseCustomArgs(input.config.ytdlpCustomArgs);
    const args = buildDownloadArgs({
      config: input.config,
      resolution: input.config.preferredResolution,
      audioFormat: null,
      stagingDir,
      ffmpegPath: input.config.ffmpegPath.trim() || null,
      cookiesFile: null,
      archiveFile: null,
      customArgs: custom.ok ? custom.args : [],
      urls: [url],
      caps,
    });
    const end = args.indexOf('--');
    const simulate = [...args.slice(0, end), '--simulate', ...args.slice(end)];
    const sim = await runToCompletion(binary, simulate, { env, timeoutMs: SIMULATE_TIMEOUT_MS });
    if (sim.exitCode !== 0) {
      const text = `${sim.stderr}\n${sim.stdout}`;
      const refusal = firstLine(text, REFUSAL);
      if (sim.timedOut) {
        steps.push({
          step: 'simulate',
          outcome: 'passed',
          message: `It accepted the argument list; the platform did not answer within ${SIMULATE_TIMEOUT_MS / 1000} s, so no download was tried.`,
        });
        return done(version, caps);
      }
      if (refusal) return fail('simulate', `It refuses the argument list of a download: ${refusal}`, version, caps);
      const kind = classifyLine(text)?.kind;
      const line = firstLine(text, /ERROR/) || firstLine(text);
      if (kind && UNREACHABLE.has(kind)) {
        steps.push({
          step: 'simulate',
          outcome: 'passed',
          message: `It accepted the argument list; the platform could not be reached from here (${line}), so no download was tried.`,
        });
        steps.push({ step: 'download', outcome: 'skipped', message: 'The platform could not be reached.' });
        return done(version, caps);
      }
      return fail(
        'simulate',
        `A download with the current settings fails: ${line || `exit code ${sim.exitCode}`}`,
        version,
        caps,
      );
    }
    steps.push({
      step: 'simulate',
      outcome: 'passed',
      message: 'It accepted the argument list and read the platform.',
    });

    const finished = await downloadOnce(binary, args, env, stagingDir);
    if (!finished.ok) {
      // The platform refusing the media (a 403, a bot check, a dropped connection) says nothing
      // about this yt-dlp; everything else does.
      const kind = classifyLine(finished.problem)?.kind;
      if (kind && UNREACHABLE.has(kind)) {
        steps.push({
          step: 'download',
          outcome: 'skipped',
          message: `The platform refused the download: ${finished.problem}`,
        });
        return done(version, caps);
      }
      return fail('download', `A real download failed: ${finished.problem}`, version, caps);
    }
    steps.push({
      step: 'download',
      outcome: 'passed',
      message: 'It downloaded a short video and vidkeep read the finished file.',
    });
    return done(version, caps);
  } finally {
    await rm(input.workDir, { recursive: true, force: true });
  }
}

/** One download with the given arguments; ok when yt-dlp printed the done line of a file that exists. */
async function downloadOnce(
  binary: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stagingDir: string,
): Promise<{ ok: true } | { ok: false; problem: string }> {
  let finished: string | null = null;
  const errors: string[] = [];
  const proc = new ToolProcess(binary, args, {
    env: { ...env, PYTHONUNBUFFERED: '1', TMPDIR: join(stagingDir, '.parts') },
    cwd: stagingDir,
    inactivityMs: DOWNLOAD_TIMEOUT_MS,
    maxRuntimeMs: DOWNLOAD_TIMEOUT_MS,
    killGraceMs: 1000,
    onLine: (line) => {
      const event = parseOutputLine(line);
      if (event?.type === 'done') finished = event.path;
      else if (event?.type === 'error' && errors.length < 5) errors.push(line.slice(0, 300));
    },
  });
  const r = await proc.done;
  const path = finished as string | null;
  if (r.exitCode === 0 && path && existsSync(path)) return { ok: true };
  if (r.exitCode === 0) return { ok: false, problem: 'yt-dlp ended without the line naming the finished file' };
  return { ok: false, problem: errors[0] ?? `exit code ${r.exitCode ?? r.signal ?? r.stoppedBy}` };
}
