#!/usr/bin/env node
// Issue 19: a full test run leaves the clone as it found it, apart from the build outputs.
// `npm test` runs this twice: `--record` first (remembers what was already there, such as a
// developer's new files or the ./config of an earlier `npm start`, in the system's temp folder)
// and without arguments last, which fails naming every file or folder the run left behind.
// Without a record it checks against the allow-list alone.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What a build and a test run may leave: build outputs, caches and the e2e screenshots. */
const ALLOWED = [
  /^(.+\/)?node_modules\//,
  /^(contracts|core|kit|migrations|libs\/[^/]+|plugins\/[^/]+)\/dist\//,
  /^ui\/dist\//,
  /^ui\/\.angular\//,
  /^tests\/artifacts\//,
  /^\.vitest-cache\//,
  /^\.cache\//,
  /\.tsbuildinfo$/,
];

const recordFile = join(
  tmpdir(),
  `vidkeep-clean-tree-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}.json`,
);

/** Untracked and ignored paths (`??`/`!!`) as git reports them (folders collapsed, ending in `/`). */
function leftovers() {
  let out;
  try {
    out = execFileSync('git', ['status', '--porcelain=v1', '-z', '--ignored'], { cwd: ROOT, encoding: 'utf8' });
  } catch {
    return null;
  }
  return out
    .split('\0')
    .filter((entry) => entry.startsWith('?? ') || entry.startsWith('!! '))
    .map((entry) => entry.slice(3));
}

const paths = leftovers();
if (paths === null) {
  console.log('check-clean-tree: not a git checkout, nothing to check');
  process.exit(0);
}

if (process.argv.includes('--record')) {
  writeFileSync(recordFile, JSON.stringify(paths));
  process.exit(0);
}

const before = new Set(existsSync(recordFile) ? JSON.parse(readFileSync(recordFile, 'utf8')) : []);
rmSync(recordFile, { force: true });
const left = paths.filter((path) => !before.has(path) && !ALLOWED.some((rule) => rule.test(path)));
if (left.length > 0) {
  console.error(
    `The test run left ${left.length} file(s) or folder(s) in the repository (tests must write to os.tmpdir(), the service under CONFIG_DIR or the output directory):`,
  );
  for (const path of left) console.error(`  ${path}`);
  process.exit(1);
}
console.log('check-clean-tree: the test run left only build outputs in the repository');
