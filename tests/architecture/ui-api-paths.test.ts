/**
 * The UI writes the server's paths in one kind of file (issue 33): the feature clients
 * (`*-api.ts`), which call `Api.call('<METHOD> <path>')` typed by the route map. Components and
 * state classes call a client, so a renamed route or field fails the build instead of a page.
 * An API path is any quoted string that starts with the first segment of a route of the map
 * (`/api/`, `/auth/`, `/getconfig`, ...).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './sources.js';

const APP = join(ROOT, 'ui/src/app');
const ROUTES = join(ROOT, 'contracts/src/routes');

/** The first segments of every route of the map: `/api`, `/auth`, `/getconfig`, ... */
function routeRoots(): string[] {
  const roots = new Set<string>();
  for (const name of readdirSync(ROUTES)) {
    for (const m of readFileSync(join(ROUTES, name), 'utf8').matchAll(/^ {2}'[A-Z]+ (\/[^/' ]+)/gm)) roots.add(m[1]!);
  }
  return [...roots];
}

/** Each line of `source` that quotes a path under one of `roots`, as "file:line: text". */
export function apiPathsIn(file: string, source: string, roots: readonly string[]): string[] {
  const quoted = new RegExp(
    `['"\`](?:${roots.map((r) => r.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?=[/'"\`?$])`,
  );
  return (
    source
      .split('\n')
      .map((line, i) => ({ line, n: i + 1 }))
      // A comment, or a page of this UI that shares a name with a route (`/setup`), is not a call.
      .filter(
        ({ line }) => quoted.test(line) && !/^\s*(\*|\/\/|\/\*)/.test(line) && !/\brouter\.|routerLink/.test(line),
      )
      .map(({ line, n }) => `${relative(APP, file)}:${n}: ${line.trim()}`)
  );
}

describe('UI paths to the server', () => {
  const roots = routeRoots();

  it('reads the route map', () => {
    expect(roots).toEqual(expect.arrayContaining(['/api', '/auth', '/getconfig']));
  });

  it('are written only in the feature clients (*-api.ts)', () => {
    const offending = sourceFiles(APP)
      .filter((f) => !/\.spec\.ts$/.test(f) && !/-api\.ts$/.test(f) && f.endsWith('.ts'))
      .flatMap((f) => apiPathsIn(f, readFileSync(f, 'utf8'), roots));
    expect(offending).toEqual([]);
  });

  it('tells a path in a component apart from a comment or a page link', () => {
    const src = ["const a = this.http.get('/api/videos');", ' * `GET /api/videos`', "routerLink: '/channels'"].join(
      '\n',
    );
    expect(apiPathsIn(join(APP, 'x.ts'), src, ['/api'])).toEqual(["x.ts:1: const a = this.http.get('/api/videos');"]);
  });
});
