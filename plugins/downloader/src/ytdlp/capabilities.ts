/**
 * What a yt-dlp build understands, read from its `--help`. vidkeep's argument lists use only
 * options the oldest supported release (Debian 12's 2023.03.04) has, plus a few newer ones that
 * are added only when the build lists them (the JavaScript runtime of current releases).
 */

export interface YtDlpCapabilities {
  /** Every long option the build's `--help` lists (`--js-runtimes`, `--exec`, ...). */
  readonly options: ReadonlySet<string>;
}

/** What nothing is known of yet: only the options every supported release has are used. */
export const FLOOR_CAPABILITIES: YtDlpCapabilities = { options: new Set() };

/** The long options of a `--help` text (each option line, aliases included). */
export function parseHelpOptions(help: string): Set<string> {
  const options = new Set<string>();
  // `  -f, --format FORMAT   ...`, `  --js-runtimes RUNTIME[:PATH]  ...`; option lines are
  // indented by 4 spaces, descriptions further; bounded runs keep the match linear.
  const line = /^ {2,6}(?:-[A-Za-z0-9], )?(--[a-z0-9][a-z0-9-]{0,60})/gm;
  for (const m of help.matchAll(line)) options.add(m[1]!);
  return options;
}

export function capabilitiesOf(help: string): YtDlpCapabilities {
  return { options: parseHelpOptions(help) };
}

/**
 * The long options an argument list uses, in order, without repeats: every `--name` before the
 * `--` that ends the options (a value never starts with `--` in vidkeep's lists).
 */
export function optionsUsed(args: readonly string[]): string[] {
  const end = args.indexOf('--');
  const used = new Set<string>();
  for (const a of end === -1 ? args : args.slice(0, end)) {
    const m = /^(--[a-z0-9][a-z0-9-]*)(?:=|$)/.exec(a);
    if (m) used.add(m[1]!);
  }
  return [...used];
}

/**
 * The JavaScript runtime for the platform's challenges: current yt-dlp enables only Deno by
 * default, so vidkeep adds the Node.js that runs it (Deno, where installed and new enough, keeps
 * precedence: yt-dlp prefers it). Builds without `--js-runtimes` get nothing.
 */
export function jsRuntimeArgs(caps: YtDlpCapabilities, nodePath: string = process.execPath): string[] {
  return caps.options.has('--js-runtimes') ? ['--js-runtimes', `node:${nodePath}`] : [];
}
