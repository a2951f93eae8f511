import { DownloaderErrorCodes as E, InvalidInputError, type ValidateArgsResponse } from '@vidkeep/contracts';
import { parseCustomArgs } from '../ytdlp/custom-args.js';
import { runToCompletion } from '../ytdlp/process.js';
import type { ToolLocator } from './tools.js';

const TIMEOUT_MS = 10_000;
const CACHE_MAX = 50;
/** What yt-dlp says after it parsed and validated every option and only then misses a URL. */
const NO_URL = /You must provide at least one URL/;

/** The text of the one rule for custom arguments, as the settings save and the job start say it. */
export function customArgsProblem(text: string): string | null {
  const r = parseCustomArgs(text);
  return r.ok ? null : `The custom yt-dlp arguments are refused: ${r.error}`;
}

/**
 * Checks custom yt-dlp arguments as the settings form is typed: vidkeep's own rules first (the
 * ones a job start applies; a refusal names the option), then yt-dlp itself, run with the
 * arguments and no URL, so it parses and validates every option and value and then stops with
 * "You must provide at least one URL" (about 0.4 s; answers are remembered per argument list).
 */
export class ArgsCheck {
  private readonly cache = new Map<string, ValidateArgsResponse>();

  constructor(
    private readonly tools: Pick<ToolLocator, 'path'>,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  async check(text: string): Promise<ValidateArgsResponse> {
    const parsed = parseCustomArgs(text);
    if (!parsed.ok) {
      throw new InvalidInputError(E.customArgsInvalid, `The custom yt-dlp arguments are refused: ${parsed.error}`, {
        details: [{ path: 'body/args', message: parsed.error }],
        extra: { option: parsed.option ?? null },
      });
    }
    const args = parsed.args;
    if (args.length === 0) return { ok: true, message: 'No extra arguments.', args, stderr: null };
    const key = JSON.stringify(args);
    const known = this.cache.get(key);
    if (known) return known;
    const binary = this.tools.path('ytdlp');
    const r = await runToCompletion(binary, ['--ignore-config', ...args], {
      env: { ...this.env, PYTHONWARNINGS: 'ignore' },
      timeoutMs: TIMEOUT_MS,
      maxOutputBytes: 64 * 1024,
    });
    let answer: ValidateArgsResponse;
    if (r.spawnError) {
      // Not remembered: the next check asks again once yt-dlp is there.
      return {
        ok: true,
        message: `vidkeep's rules allow these arguments; yt-dlp could not be asked (${binary}: ${r.spawnError}).`,
        args,
        stderr: null,
      };
    }
    if (r.timedOut) {
      return { ok: false, message: `yt-dlp did not answer within ${TIMEOUT_MS / 1000} seconds.`, args, stderr: null };
    }
    if (NO_URL.test(r.stderr)) {
      answer = { ok: true, message: 'yt-dlp accepts these arguments.', args, stderr: null };
    } else {
      const complaint =
        r.stderr
          .split('\n')
          .map((l) => l.trim())
          .find((l) => /error/i.test(l)) ?? r.stderr.trim();
      answer = {
        ok: false,
        message: `yt-dlp refuses these arguments: ${complaint.replace(/^yt-dlp: error: /, '')}`,
        args,
        stderr: r.stderr.slice(-4000) || null,
      };
    }
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, answer);
    return answer;
  }
}
