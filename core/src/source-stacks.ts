/**
 * Stack traces that point at the TypeScript sources of the built service, without Node's
 * `--enable-source-maps`. That flag reads and keeps the source map of every module that names
 * one, the npm dependencies' too (glob, minimatch and lru-cache ship theirs with their whole
 * sources), about 4 MiB of heap for the process's life. Here a map is read only when a stack
 * trace passes through a file of ours, on the first access to an error's `stack`.
 *
 * Imported by `server.ts` before anything else it runs: in place before the app is built (an error
 * raised while the modules themselves load prints generated positions). Frames of `node_modules`
 * and of files without a map beside them are printed as V8 prints them.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Maps read so far by generated file (null: it has none). */
const maps = new Map<string, { map: SourceMap; dir: string } | null>();

function mapOf(file: string): { map: SourceMap; dir: string } | null {
  let found = maps.get(file);
  if (found === undefined) {
    found = null;
    try {
      const path = file.startsWith('file:') ? fileURLToPath(file) : file;
      const payload = JSON.parse(readFileSync(`${path}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0];
      found = { map: new SourceMap(payload), dir: dirname(path) };
    } catch {
      // No map beside the file, or not a readable one: its frames stay as they are.
    }
    maps.set(file, found);
  }
  return found;
}

/** One frame as V8 prints it, with the generated position replaced by the source's. */
export function sourceFrame(site: NodeJS.CallSite): string {
  const text = String(site);
  const file = site.getFileName();
  const line = site.getLineNumber();
  const column = site.getColumnNumber();
  if (!file || line === null || column === null || !file.endsWith('.js') || file.includes('/node_modules/')) {
    return text;
  }
  const found = mapOf(file);
  if (!found) return text;
  const entry = found.map.findEntry(line - 1, column - 1) as Partial<{
    originalSource: string;
    originalLine: number;
    originalColumn: number;
  }>;
  if (!entry.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined) return text;
  const source = resolve(found.dir, entry.originalSource);
  return text.replace(`${file}:${line}:${column}`, `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`);
}

/** `name: message` as V8 starts a stack trace, never throwing. */
function header(error: unknown): string {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return '<error>';
  }
}

Error.prepareStackTrace = (error, sites) => header(error) + sites.map((s) => `\n    at ${sourceFrame(s)}`).join('');
