/**
 * The JavaScript side of current yt-dlp, as its verbose header reports it: the runtimes it may
 * use (`[debug] JS runtimes: node-22.11.0, deno-2.5.1 (unsupported)`, or `none`) and whether the
 * challenge solver scripts (`yt_dlp_ejs` among `[debug] Optional libraries: ...`) are there.
 */
import type { YtDlpJavascript } from '@vidkeep/contracts';

interface Runtime {
  name: string;
  version: string | null;
  supported: boolean;
}

/** yt-dlp's order of preference among the runtimes it knows. */
const PRIORITY = ['deno', 'node', 'quickjs', 'quickjs-ng', 'bun'];

function parseRuntimes(line: string): Runtime[] {
  if (/^\s*none\b/i.test(line)) return [];
  return line
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const m = /^([a-z][a-z-]*?)(?:-(\d[^\s]*))?(\s*\(unsupported\))?$/i.exec(part);
      return m
        ? { name: m[1]!.toLowerCase(), version: m[2] ?? null, supported: !m[3] }
        : { name: part.split(/\s/)[0]!, version: null, supported: !/unsupported/i.test(part) };
    });
}

/**
 * What the verbose header of a yt-dlp run says about JavaScript; null when the header has no
 * `JS runtimes` line (a release from before runtimes were needed).
 */
export function javascriptOf(verbose: string): YtDlpJavascript | null {
  const runtimesLine = /^\[debug\] JS runtimes: (.{0,500})$/m.exec(verbose);
  if (!runtimesLine) return null;
  const runtimes = parseRuntimes(runtimesLine[1]!);
  const libraries = /^\[debug\] Optional libraries: (.{0,2000})$/m.exec(verbose)?.[1] ?? '';
  const ejs = /\byt[_-]dlp[_-]ejs-([\w.]+)/i.exec(libraries);
  const solver = ejs ? `yt-dlp-ejs ${ejs[1]}` : null;
  const rank = (r: Runtime) => {
    const i = PRIORITY.indexOf(r.name);
    return i === -1 ? PRIORITY.length : i;
  };
  const usable = runtimes.filter((r) => r.supported).sort((a, b) => rank(a) - rank(b));
  const runtime = usable[0] ?? runtimes[0] ?? null;
  const ready = runtime !== null && runtime.supported && solver !== null;
  return { runtime, solver, ready, message: messageOf(runtime, solver) };
}

function messageOf(runtime: Runtime | null, solver: string | null): string {
  const consequence =
    'so on the platform yt-dlp cannot solve its JavaScript challenges: some formats go missing or downloads fail.';
  const label = (r: Runtime) => `${r.name === 'node' ? 'Node.js' : r.name}${r.version ? ` ${r.version}` : ''}`;
  if (!runtime) {
    return `yt-dlp finds no JavaScript runtime, ${consequence} Run vidkeep on Node.js 22 or newer, or install Deno.`;
  }
  if (!runtime.supported) {
    const need = runtime.name === 'node' ? ' (it needs Node.js 22 or newer)' : '';
    return `${label(runtime)} is too old for yt-dlp's challenge solver${need}, ${consequence} Run vidkeep on Node.js 22 or newer, or install Deno.`;
  }
  if (!solver) {
    return `yt-dlp would use ${label(runtime)}, but its challenge solver scripts (yt-dlp-ejs) are not installed, ${consequence} "Update yt-dlp" installs them with yt-dlp; for another yt-dlp, install yt-dlp-ejs beside it.`;
  }
  return `yt-dlp solves the platform's JavaScript challenges with ${label(runtime)} and ${solver}.`;
}
