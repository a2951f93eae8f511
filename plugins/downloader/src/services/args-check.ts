import { DownloaderErrorCodes as E, InvalidInputError, type ValidateArgsResponse } from '@vidkeep/contracts';
import { DONE_EXEC } from '../ytdlp/args.js';
import { parseCustomArgs } from '../ytdlp/custom-args.js';
import { parseCheck } from '../ytdlp/parse-check.js';
import type { ToolLocator } from './tools.js';

const TIMEOUT_MS = 10_000;
const CACHE_MAX = 50;

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
    const binary = this.tools.path('ytdlp');
    const key = JSON.stringify([binary, ...args]);
    const known = this.cache.get(key);
    if (known) return known;
    // With vidkeep's own --exec before them, as at job start: current yt-dlp applies some options
    // (--output-na-placeholder) to --exec commands and refuses unsafe values there.
    const r = await parseCheck(binary, ['--exec', DONE_EXEC, ...args], this.env, TIMEOUT_MS);
    if (r.outcome === 'unavailable') {
      // Not remembered: the next check asks again once yt-dlp is there.
      return /did not answer/.test(r.reason)
        ? { ok: false, message: `${r.reason}.`, args, stderr: null }
        : {
            ok: true,
            message: `vidkeep's rules allow these arguments; yt-dlp could not be asked (${r.reason}).`,
            args,
            stderr: null,
          };
    }
    const answer: ValidateArgsResponse =
      r.outcome === 'accepted'
        ? { ok: true, message: 'yt-dlp accepts these arguments.', args, stderr: null }
        : { ok: false, message: `yt-dlp refuses these arguments: ${r.complaint}`, args, stderr: r.stderr || null };
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, answer);
    return answer;
  }
}
