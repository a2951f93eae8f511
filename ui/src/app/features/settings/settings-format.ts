import type { ToolRollbackResponse, ToolsResponse, ToolUpdateResponse, YtDlpCanaryReport } from './contracts';
import { formatWhen } from '../../shared/format';

/** "Firefox on Linux" from a user-agent string; the raw string when nothing is recognised. */
export function describeUserAgent(ua: string | null | undefined): string {
  const text = (ua ?? '').trim();
  if (!text) return 'Unknown client';
  const browsers: [RegExp, string][] = [
    [/Edg(?:e|A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\//, 'Chrome'],
    [/Safari\//, 'Safari'],
    [/^curl\//i, 'curl'],
  ];
  const systems: [RegExp, string][] = [
    [/Android/, 'Android'],
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([re]) => re.test(text))?.[1];
  const system = systems.find(([re]) => re.test(text))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Browser on ${system}`;
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** Task run statuses in words. */
export function runStatusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'running':
      return 'Running';
    case 'success':
      return 'Succeeded';
    case 'error':
      return 'Failed';
    case 'skipped':
      return 'Skipped';
    case 'interrupted':
      return 'Interrupted';
    default:
      return 'Never run';
  }
}

const videos = (n: number) => `${n.toLocaleString('en-US')} video${n === 1 ? '' : 's'}`;

/** Outcome codes of the tasks in words; the ones with a count are matched below. */
const OUTCOME_WORDS: Readonly<Record<string, string>> = {
  disabled: 'Switched off',
  'nothing-set': 'Nothing set to remove by',
  running: 'Already running',
  'no-server': 'No media server',
  'up-to-date': 'Up to date',
  'nothing-to-do': 'Nothing to do',
  'nothing-new': 'Nothing new',
  'nothing-due': 'Nothing due',
  'nothing-enabled': 'Nothing switched on',
  'downloads-paused': 'Downloads paused',
};

/**
 * A task run's outcome code in words: `removed-1` → "Removed 1 video", `updated-84` → "Updated 84
 * videos", `up-to-date` → "Up to date"; an unknown code with its dashes as spaces, capitalised.
 */
export function outcomeText(code: string | null | undefined): string {
  if (!code) return '';
  const counted = /^(removed|updated)-(\d+)$/.exec(code);
  if (counted) return `${counted[1] === 'removed' ? 'Removed' : 'Updated'} ${videos(Number(counted[2]))}`;
  const known = OUTCOME_WORDS[code];
  if (known) return known;
  const words = code.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}

/** One line about a finished `POST /api/ytdlp/update`. */
export function updateSummary(r: ToolUpdateResponse): string {
  const version =
    r.newVersion && r.newVersion !== r.currentVersion
      ? `${r.currentVersion ?? 'unknown'} → ${r.newVersion}`
      : r.currentVersion;
  const heads: Record<string, string> = {
    updated: 'Updated',
    'up-to-date': 'Already up to date',
    skipped: 'Skipped',
    error: 'Update failed',
  };
  const head = heads[r.reason] ?? String(r.reason);
  return [head + (version ? ` (${version})` : ''), r.message].filter((s) => s && s.trim() !== '').join(': ');
}

type YtDlpStatus = ToolsResponse['ytdlp'];

const SOURCES: Record<YtDlpStatus['source'], string> = {
  private: "vidkeep's own copy (installed with pip under CONFIG_DIR/yt-dlp)",
  path: 'the yt-dlp on PATH',
  configured: 'the configured yt-dlp (ytdlpPath or YTDLP_PATH)',
};

/** Where yt-dlp comes from, how old it is, and what that means. */
export function ytdlpSummary(y: YtDlpStatus): string {
  const age =
    y.ageDays === null
      ? 'release date unknown'
      : `released ${y.releasedOn}, ${y.ageDays === 0 ? 'today' : `${y.ageDays} day${y.ageDays === 1 ? '' : 's'} ago`}`;
  const head = `Using ${SOURCES[y.source]}; ${age}.`;
  if (!y.stale) {
    const newest = y.latestVersion && y.version ? ' It is the newest release pip can install here.' : '';
    return head + newest;
  }
  const fix =
    y.updateMethod === 'managed'
      ? 'The hosting platform updates it.'
      : y.updateMethod === 'self'
        ? 'Update it, or clear ytdlpPath / YTDLP_PATH so that vidkeep installs a current copy.'
        : y.source === 'path'
          ? 'Install a current yt-dlp below: vidkeep keeps its own copy up to date from then on.'
          : 'Update it below.';
  const why = y.staleReason ?? 'yt-dlp this old usually fails on the platform.';
  return `${head} ${why} ${fix}`;
}

/** One line about a finished `POST /api/ytdlp/rollback`. */
export function rollbackSummary(r: ToolRollbackResponse): string {
  return `Rolled back: ${r.message}`;
}

/** The canary's steps in words: "Options: failed: It refuses ..." per step. */
export function canaryLines(report: YtDlpCanaryReport | undefined): string[] {
  const names: Record<string, string> = {
    version: 'Version',
    options: 'Options',
    simulate: 'Download, simulated',
    download: 'Download, for real',
  };
  return (report?.steps ?? []).map((s) => `${names[s.step] ?? s.step}: ${s.outcome}. ${s.message}`);
}

/** One line about the last update attempt (`lastUpdate` of `GET /api/ytdlp/version`). */
export function lastUpdateLine(last: NonNullable<YtDlpStatus['lastUpdate']>): string {
  const when = formatWhen(last.at);
  return last.success ? `Last update ${when}: ${last.message}` : `Last update failed ${when}: ${last.message}`;
}
