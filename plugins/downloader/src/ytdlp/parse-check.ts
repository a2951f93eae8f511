import { runToCompletion } from './process.js';

/** What yt-dlp says after it parsed and validated every option and only then misses a URL. */
const NO_URL = /You must provide at least one URL/;

export type ParseCheck =
  | { outcome: 'accepted' }
  | { outcome: 'refused'; complaint: string; stderr: string }
  | { outcome: 'unavailable'; reason: string };

/**
 * Asks yt-dlp's own parser whether it takes these options: run with them and no URL, it checks
 * every option and value (and the `--exec` templates) and then stops with "You must provide at
 * least one URL" (about 0.4 s). Anything else it prints is its complaint.
 */
export async function parseCheck(
  binary: string,
  options: readonly string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 15_000,
): Promise<ParseCheck> {
  const end = options.indexOf('--');
  const r = await runToCompletion(binary, ['--ignore-config', ...(end === -1 ? options : options.slice(0, end))], {
    env: { ...env, PYTHONWARNINGS: 'ignore' },
    timeoutMs,
    maxOutputBytes: 64 * 1024,
  });
  if (r.spawnError) return { outcome: 'unavailable', reason: `${binary}: ${r.spawnError}` };
  if (r.timedOut) return { outcome: 'unavailable', reason: `yt-dlp did not answer within ${timeoutMs / 1000} seconds` };
  if (NO_URL.test(r.stderr)) return { outcome: 'accepted' };
  const complaint =
    r.stderr
      .split('\n')
      .map((l) => l.trim())
      .find((l) => /error/i.test(l)) ??
    (r.stderr.trim() || `exit code ${r.exitCode}`);
  return {
    outcome: 'refused',
    complaint: complaint.replace(/^yt-dlp: error: /, '').slice(0, 500),
    stderr: r.stderr.slice(-4000),
  };
}
