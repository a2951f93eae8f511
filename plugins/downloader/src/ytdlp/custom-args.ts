/**
 * The user's extra yt-dlp arguments ("custom arguments" in Settings): split shell-style, then
 * checked so that they cannot run commands, change where files go, override settings vidkeep
 * manages, or break the output vidkeep reads. The tokens are passed to yt-dlp as an argument
 * array (never through a shell), after the managed flags and before the URLs.
 */

export type CustomArgsResult =
  | { ok: true; args: string[] }
  | {
      ok: false;
      error: string;
      /** The option (or token) at fault as typed, e.g. `--exec` or `-o`; null for a quoting problem. */
      option?: string | null;
    };

export const CUSTOM_ARGS_MAX_LENGTH = 2000;

const RUNS_COMMANDS = 'it would run commands on the server';
const PATHS = 'vidkeep decides where files go';
const SETTINGS = 'set it in Settings instead';
const MANAGED = 'vidkeep manages it';
const OUTPUT = 'vidkeep reads yt-dlp’s output and needs it unchanged';
const NO_DOWNLOAD = 'it would stop the download';
const FILES = 'it would make yt-dlp read files or programs from the server';
const UPDATE = 'update yt-dlp from vidkeep instead';

/** Denied long options (exact names) and why. */
const DENIED_LONG: ReadonlyMap<string, string> = new Map([
  ['--exec', RUNS_COMMANDS],
  ['--exec-before-download', RUNS_COMMANDS],
  ['--no-exec', MANAGED],
  ['--no-exec-before-download', MANAGED],
  ['--netrc-cmd', RUNS_COMMANDS],
  ['--use-postprocessor', RUNS_COMMANDS],
  ['--postprocessor-args', RUNS_COMMANDS],
  ['--ppa', RUNS_COMMANDS],
  ['--external-downloader', RUNS_COMMANDS],
  ['--external-downloader-args', RUNS_COMMANDS],
  ['--downloader', RUNS_COMMANDS],
  ['--downloader-args', RUNS_COMMANDS],
  ['--alias', 'it would define new options that cannot be checked'],
  ['--netrc', FILES],
  ['--netrc-location', FILES],
  ['--config-location', FILES],
  ['--config-locations', FILES],
  ['--ignore-config', MANAGED],
  ['--no-config', MANAGED],
  ['--batch-file', FILES],
  ['--load-info-json', FILES],
  ['--load-info', FILES],
  ['--plugin-dirs', FILES],
  ['--ffmpeg-location', SETTINGS],
  ['--avconv-location', SETTINGS],
  ['--js-runtimes', FILES],
  ['--output', PATHS],
  ['--paths', PATHS],
  ['--print-to-file', PATHS],
  ['--download-archive', PATHS],
  ['--no-download-archive', MANAGED],
  ['--cache-dir', PATHS],
  ['--cookies', SETTINGS],
  ['--cookies-from-browser', SETTINGS],
  ['--no-cookies', SETTINGS],
  ['--no-cookies-from-browser', SETTINGS],
  ['--proxy', SETTINGS],
  ['--force-ipv4', SETTINGS],
  ['--force-ipv6', SETTINGS],
  ['--limit-rate', SETTINGS],
  ['--rate-limit', SETTINGS],
  ['--sleep-requests', SETTINGS],
  ['--update', UPDATE],
  ['--update-to', UPDATE],
  ['--write-info-json', MANAGED],
  ['--no-write-info-json', MANAGED],
  ['--progress-template', OUTPUT],
  ['--newline', OUTPUT],
  ['--no-newline', OUTPUT],
  ['--quiet', OUTPUT],
  ['--no-progress', OUTPUT],
  ['--print', OUTPUT],
  ['--print-json', OUTPUT],
  ['--dump-json', OUTPUT],
  ['--dump-single-json', OUTPUT],
  ['--simulate', NO_DOWNLOAD],
  ['--skip-download', NO_DOWNLOAD],
  ['--no-download', NO_DOWNLOAD],
  ['--get-url', NO_DOWNLOAD],
  ['--get-title', NO_DOWNLOAD],
  ['--get-id', NO_DOWNLOAD],
  ['--get-thumbnail', NO_DOWNLOAD],
  ['--get-description', NO_DOWNLOAD],
  ['--get-duration', NO_DOWNLOAD],
  ['--get-filename', NO_DOWNLOAD],
  ['--get-format', NO_DOWNLOAD],
  ['--list-formats', NO_DOWNLOAD],
  ['--list-subs', NO_DOWNLOAD],
  ['--list-thumbnails', NO_DOWNLOAD],
  ['--list-extractors', NO_DOWNLOAD],
  ['--extractor-descriptions', NO_DOWNLOAD],
  ['--list-impersonate-targets', NO_DOWNLOAD],
  ['--dump-user-agent', NO_DOWNLOAD],
  ['--version', NO_DOWNLOAD],
  ['--help', NO_DOWNLOAD],
]);

/** Denied short options (case-sensitive letters) and the long option they stand for. */
const DENIED_SHORT: ReadonlyMap<string, string> = new Map([
  ['o', '--output'],
  ['P', '--paths'],
  ['a', '--batch-file'],
  ['4', '--force-ipv4'],
  ['6', '--force-ipv6'],
  ['r', '--limit-rate'],
  ['U', '--update'],
  ['O', '--print'],
  ['j', '--dump-json'],
  ['J', '--dump-single-json'],
  ['s', '--simulate'],
  ['h', '--help'],
  ['q', '--quiet'],
  ['g', '--get-url'],
  ['e', '--get-title'],
  ['F', '--list-formats'],
]);

/** yt-dlp short options that take a value: in a cluster, everything after one of them is its value. */
const SHORT_WITH_VALUE = new Set(['I', 'N', 'R', 'S', 'f', 'u', 'p', '2', 't']);

/** Allowed options that take more than one value (every other option takes at most one). */
const MULTI_VALUE: ReadonlyMap<string, number> = new Map([['--replace-in-metadata', 3]]);

/**
 * Real yt-dlp options that are a prefix of a denied option; without this list they would be taken
 * for abbreviations of it (`--progress` is not `--progress-template`).
 */
const ALLOWED_PREFIXES = new Set(['--progress']);

function reasonOf(option: string): string {
  return DENIED_LONG.get(option) ?? MANAGED;
}

/**
 * yt-dlp (optparse) accepts any unambiguous abbreviation of a long option, so `--exec-b` means
 * `--exec-before-download`. A name that is a prefix of a denied option is therefore denied too.
 */
function deniedLong(name: string): string | null {
  const lower = name.toLowerCase();
  if (DENIED_LONG.has(lower)) return `${name} is not allowed: ${reasonOf(lower)}`;
  if (ALLOWED_PREFIXES.has(lower)) return null;
  for (const option of DENIED_LONG.keys()) {
    if (option.startsWith(lower)) return `${name} is not allowed (yt-dlp reads it as ${option}): ${reasonOf(option)}`;
  }
  return null;
}

/** `-vo x`: optparse reads flags letter by letter until one that takes a value. */
function deniedShort(token: string): string | null {
  for (const letter of token.slice(1)) {
    if (letter === '=') break;
    const long = DENIED_SHORT.get(letter);
    if (long) {
      const what = token.length === 2 ? `-${letter}` : `-${letter} (in ${token})`;
      return `${what} is not allowed (it means ${long}): ${reasonOf(long)}`;
    }
    if (SHORT_WITH_VALUE.has(letter)) break;
  }
  return null;
}

type Tokens = { ok: true; tokens: string[] } | { ok: false; error: string };

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';

/** A POSIX-shell subset: whitespace, '…' (literal), "…" (with \" and \\), and \ outside quotes. */
function tokenize(text: string): Tokens {
  const tokens: string[] = [];
  let current: string | null = null;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (isSpace(c)) {
      if (current !== null) tokens.push(current);
      current = null;
      i++;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return { ok: false, error: "Unterminated single quote (') in the custom arguments" };
      current = (current ?? '') + text.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      let value = '';
      let j = i + 1;
      let closed = false;
      while (j < text.length) {
        const d = text[j] as string;
        if (d === '"') {
          closed = true;
          break;
        }
        if (d === '\\' && j + 1 < text.length && (text[j + 1] === '"' || text[j + 1] === '\\')) {
          value += text[j + 1];
          j += 2;
        } else {
          value += d;
          j++;
        }
      }
      if (!closed) return { ok: false, error: 'Unterminated double quote (") in the custom arguments' };
      current = (current ?? '') + value;
      i = j + 1;
    } else if (c === '\\') {
      if (i + 1 >= text.length) return { ok: false, error: 'The custom arguments end with a lone backslash (\\)' };
      const next = text[i + 1] as string;
      // Backslash-newline continues the line, as in a shell.
      if (next === '\n') {
        i += 2;
      } else if (next === '\r' && text[i + 2] === '\n') {
        i += 3;
      } else {
        current = (current ?? '') + next;
        i += 2;
      }
    } else {
      current = (current ?? '') + c;
      i++;
    }
  }
  if (current !== null) tokens.push(current);
  return { ok: true, tokens };
}

/** Tokenises user "custom arguments" shell-style and validates them. */
export function parseCustomArgs(text: string): CustomArgsResult {
  if (typeof text !== 'string') return { ok: false, error: 'The custom arguments must be text' };
  if (text.length > CUSTOM_ARGS_MAX_LENGTH) {
    return {
      ok: false,
      error: `The custom arguments are too long (${text.length} characters; at most ${CUSTOM_ARGS_MAX_LENGTH})`,
    };
  }
  if (text.trim() === '') return { ok: true, args: [] };
  const parsed = tokenize(text);
  if (!parsed.ok) return parsed;

  // How many of the next tokens may be values: one directly after an option written without `=`
  // (we cannot know every option's arity), more only for the few options known to take more.
  let valuesAllowed = 0;
  for (const token of parsed.tokens) {
    if (token === '-' || token === '--') {
      return {
        ok: false,
        error: `'${token}' is not allowed: everything after it would be taken for URLs or file names`,
        option: token,
      };
    }
    if (token.startsWith('--')) {
      const eq = token.indexOf('=');
      const name = eq < 0 ? token : token.slice(0, eq);
      const denial = deniedLong(name);
      if (denial) return { ok: false, error: denial, option: name };
      const arity = MULTI_VALUE.get(name.toLowerCase()) ?? 1;
      valuesAllowed = eq < 0 ? arity : arity - 1;
    } else if (token.startsWith('-')) {
      const denial = deniedShort(token);
      if (denial) return { ok: false, error: denial, option: token.split('=')[0] ?? token };
      valuesAllowed = token.includes('=') ? 0 : 1;
    } else {
      if (valuesAllowed <= 0) {
        return {
          ok: false,
          error: `unexpected argument '${token}' (URLs and file names are not allowed here)`,
          option: token,
        };
      }
      valuesAllowed--;
    }
  }
  return { ok: true, args: parsed.tokens };
}
