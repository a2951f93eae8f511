/**
 * User-supplied regular expressions (title filters of channels and playlists) are matched here,
 * and only here, so that no pattern can hang the server.
 */
import vm from 'node:vm';

/** Matching of all titles of one call may take at most this long. */
const MATCH_BUDGET_MS = 250;

export interface CompiledFilter {
  pattern: string;
  flags: string;
}

/**
 * Reads a user's title filter. JavaScript syntax; a leading `(?i)` (the Python spelling that
 * yt-dlp users know) becomes the case-insensitive flag. Matching is otherwise case-sensitive,
 * like yt-dlp's own title matching (channels), unless `caseInsensitive` (playlists, spec 2.6).
 * Returns an error message for a pattern that does not compile.
 */
export function compileTitleFilter(
  raw: string | null | undefined,
  options: { caseInsensitive?: boolean } = {},
): { ok: true; filter: CompiledFilter | null } | { ok: false; error: string } {
  const text = (raw ?? '').trim();
  if (text === '') return { ok: true, filter: null };
  let pattern = text;
  let flags = options.caseInsensitive ? 'ui' : 'u';
  if (pattern.startsWith('(?i)')) {
    pattern = pattern.slice(4);
    if (!flags.includes('i')) flags += 'i';
  }
  try {
    new RegExp(pattern, flags);
  } catch (err) {
    try {
      // Patterns written for non-unicode mode (e.g. `\-` escapes) still compile without `u`.
      new RegExp(pattern, flags.replace('u', ''));
      flags = flags.replace('u', '');
    } catch {
      return { ok: false, error: `The title filter is not a valid regular expression: ${(err as Error).message}` };
    }
  }
  return { ok: true, filter: { pattern, flags } };
}

const context = vm.createContext(Object.create(null) as object);
const script = new vm.Script(
  '(function (p, f, titles) { var re = new RegExp(p, f); var out = []; for (var i = 0; i < titles.length; i++) out.push(re.test(titles[i])); return out; })',
);
const matcher = script.runInContext(context) as (p: string, f: string, titles: string[]) => boolean[];
const runner = new vm.Script('m(p, f, t)');

export class FilterTimeoutError extends Error {
  constructor() {
    super('The title filter takes too long to match (catastrophic backtracking); simplify the regular expression');
  }
}

/**
 * Tests titles against a filter with a hard time budget: a pathological pattern (catastrophic
 * backtracking) is stopped by V8 after MATCH_BUDGET_MS instead of hanging the server, and the
 * call throws FilterTimeoutError. A null filter matches everything.
 */
export function matchTitles(filter: CompiledFilter | null, titles: string[]): boolean[] {
  if (!filter) return titles.map(() => true);
  const sandbox = vm.createContext({
    m: matcher,
    p: filter.pattern,
    f: filter.flags,
    t: titles.map((t) => t.slice(0, 1000)),
  });
  try {
    return Array.from(runner.runInContext(sandbox, { timeout: MATCH_BUDGET_MS }) as boolean[]);
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new FilterTimeoutError();
    throw err;
  }
}
