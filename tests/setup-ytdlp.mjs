#!/usr/bin/env node
// Issue 30: the tests run against the yt-dlp people actually run. This installs the release
// pinned in tests/ytdlp-version.txt (one line; a single commit bumps it) from the Python package
// index into a virtual environment under .cache/yt-dlp/<version>/, once; later runs find it
// there in milliseconds. `npm test`, vitest's global setup and `.ci/run` call it; its `bin/` goes
// first on PATH for every yt-dlp test, while the floor pass uses Debian's /usr/bin/yt-dlp.
// Usage: node tests/setup-ytdlp.mjs [--print-bin]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The pinned release, as yt-dlp prints it (`2026.08.19`). */
export function pinnedYtDlpVersion() {
  return readFileSync(join(ROOT, 'tests', 'ytdlp-version.txt'), 'utf8').trim();
}

/** The folder holding the pinned release's `yt-dlp` (it may not exist yet). */
export function currentYtDlpBin(version = pinnedYtDlpVersion()) {
  return join(ROOT, '.cache', 'yt-dlp', version, 'bin');
}

/** The yt-dlp of the Debian package: the oldest release vidkeep supports. */
export const FLOOR_YTDLP = '/usr/bin/yt-dlp';

function run(cmd, args) {
  return spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function pythonToUse() {
  for (const candidate of [process.env.VIDKEEP_TEST_PYTHON, 'python3', '/usr/bin/python3'].filter(Boolean)) {
    if (run(candidate, ['-c', 'import venv, ensurepip']).status === 0) return candidate;
  }
  throw new Error('No Python 3 with the venv module: install python3 and python3-venv (Debian).');
}

/** Installs the pinned yt-dlp unless it is there already; returns its bin folder. */
export function ensureCurrentYtDlp() {
  const version = pinnedYtDlpVersion();
  const bin = currentYtDlpBin(version);
  const venv = join(bin, '..');
  const marker = join(venv, '.vidkeep-complete');
  if (existsSync(marker) && existsSync(join(bin, 'yt-dlp'))) return bin;
  rmSync(venv, { recursive: true, force: true });
  const started = Date.now();
  const python = pythonToUse();
  execFileSync(python, ['-m', 'venv', venv], { stdio: ['ignore', 'ignore', 'inherit'] });
  const pip = (what) =>
    run(join(bin, 'python'), [
      '-m',
      'pip',
      'install',
      '--disable-pip-version-check',
      '--no-input',
      '--quiet',
      '--retries',
      '2',
      what,
    ]);
  // With its default extras (yt-dlp-ejs) where the index has them, as vidkeep installs it.
  let r = pip(`yt-dlp[default]==${version}`);
  let extras = true;
  if (r.status !== 0) {
    extras = false;
    r = pip(`yt-dlp==${version}`);
  }
  if (r.status !== 0) {
    rmSync(venv, { recursive: true, force: true });
    throw new Error(
      `pip could not install yt-dlp ${version} (tests/ytdlp-version.txt) from the package index:\n${r.stderr.trim().split('\n').slice(-3).join('\n')}`,
    );
  }
  const reported = run(join(bin, 'yt-dlp'), ['--version']).stdout.trim();
  if (reported !== version) throw new Error(`The installed yt-dlp reports ${reported}, not ${version}`);
  writeFileSync(marker, `${version}${extras ? ' [default]' : ''}\n`);
  console.log(
    `yt-dlp ${version} installed for the tests in ${venv} (${((Date.now() - started) / 1000).toFixed(1)} s${extras ? '' : ', without the default extras: the index lacks one'})`,
  );
  return bin;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bin = ensureCurrentYtDlp();
  if (process.argv.includes('--print-bin')) console.log(bin);
}
