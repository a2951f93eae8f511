/**
 * Reading the repository's sources as text for the architecture tests: which modules a file
 * imports, and which file an import lands on.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ImportRef {
  file: string;
  line: number;
  specifier: string;
}

/** Every module specifier a file refers to: static, type-only, re-exports, dynamic imports, require. */
export function importsOf(source: string, file = '<source>'): ImportRef[] {
  // Blank out comments first, keeping line numbers.
  const text = source
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:\\'"`])\/\/[^\n]*/g, (m, p: string) => p + ' '.repeat(m.length - p.length));
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bimport\s+\w+\s*=\s*require\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  const refs: ImportRef[] = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const line = text.slice(0, match.index).split('\n').length;
      refs.push({ file, line, specifier: match[1] as string });
    }
  }
  return refs;
}

export function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(c|m)?[tj]sx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

export const isRelative = (s: string) => s.startsWith('./') || s.startsWith('../');
export const packageName = (s: string) =>
  s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : (s.split('/')[0] ?? s);
export const inside = (path: string, dir: string) =>
  path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
export const resolveRelative = (file: string, specifier: string) => resolve(dirname(file), specifier);
export const where = (ref: ImportRef) => `${relative(ROOT, ref.file)}:${ref.line} imports "${ref.specifier}"`;

export function readJson(path: string): Record<string, Record<string, string> | undefined> {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The source file a relative import points at (`./x.js` is `./x.ts` on disk), if it exists. */
export function resolveSourceFile(file: string, specifier: string): string | undefined {
  const target = resolveRelative(file, specifier);
  const candidates = [
    target,
    target.replace(/\.js$/, '.ts'),
    target.replace(/\.mjs$/, '.mts'),
    `${target}.ts`,
    join(target, 'index.ts'),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** Files reachable from a plugin's entry through relative imports: its production code. */
export function productionFiles(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const ref of importsOf(readFileSync(file, 'utf8'), file)) {
      if (!isRelative(ref.specifier)) continue;
      const target = resolveSourceFile(file, ref.specifier);
      if (target) visit(target);
    }
  };
  visit(entry);
  return seen;
}
