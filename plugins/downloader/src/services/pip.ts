/**
 * pip as the private yt-dlp uses it: plain words for what went wrong, and the question which
 * yt-dlp it would install. Light on imports: the nightly worker thread loads it.
 */
import type { runToCompletion } from '../ytdlp/process.js';
import { normalizeVersion } from '../ytdlp/versions.js';

type Output = Awaited<ReturnType<typeof runToCompletion>>;

/** Plain words for the failures of `python -m venv` and `pip install`. */
export function explain(stage: 'python' | 'venv' | 'pip', output: string, python: string): string {
  const last = lastLine(output);
  if (stage === 'python') {
    return `Python 3 was not found ("${python}"). Install it (Debian: apt-get install python3 python3-venv) or set pythonPath in Settings.`;
  }
  if (stage === 'venv') {
    if (/ensurepip|venv/i.test(output)) {
      return `Python's venv module is missing, so no private yt-dlp can be installed. Install it (Debian: apt-get install python3-venv). (${last})`;
    }
    return `Creating the Python environment for yt-dlp failed: ${last}`;
  }
  if (/No matching distribution|Could not find a version/i.test(output)) {
    return `pip could not find yt-dlp in the package index: it is not reachable from here, or PIP_INDEX_URL / PIP_FIND_LINKS point elsewhere. (${last})`;
  }
  if (/Connection|resolve|Network|timed out|Max retries/i.test(output)) {
    return `pip could not reach the Python package index (check the network or a proxy for pip). (${last})`;
  }
  return `pip could not install yt-dlp: ${last}`;
}

export const lastLine = (output: string): string =>
  output
    .trim()
    .split('\n')
    .filter((l) => l.trim() && !/^\s*WARNING:/.test(l))
    .pop()
    ?.slice(0, 300) ?? 'no output';

/** `pip install --dry-run --report`: which yt-dlp pip would install, downloading only metadata. */
export const NEWEST_ARGS = [
  '-m',
  'pip',
  'install',
  '--dry-run',
  '--quiet',
  '--ignore-installed',
  '--no-deps',
  '--disable-pip-version-check',
  '--no-input',
  '--retries',
  '1',
  '--timeout',
  '15',
  '--report',
  '-',
  'yt-dlp',
];

/** The version in pip's report of {@link NEWEST_ARGS}, or why there is none. */
export function newestOf(r: Output, python: string): { version: string | null; problem: string | null } {
  let version: string | null = null;
  try {
    const report = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))) as {
      install?: { metadata?: { name?: string; version?: string } }[];
    };
    const found = report.install?.find((i) => /^yt[-_]dlp$/i.test(i.metadata?.name ?? ''))?.metadata?.version;
    version = found ? normalizeVersion(found) : null;
  } catch {
    /* no report */
  }
  const problem =
    version !== null
      ? null
      : r.spawnError
        ? `Python could not be started ("${python}")`
        : /No module named pip/i.test(r.stderr)
          ? `pip is not installed for ${python}`
          : `pip could not be asked: ${lastLine(`${r.stdout}\n${r.stderr}`)}`;
  return { version, problem };
}
