/**
 * UI features stay independent (issue 33): a file under `ui/src/app/features/<a>/` imports
 * nothing under `features/<b>/`, specs included, and the app-wide parts (`core/`, `layout/`,
 * `shared/`, `app.*.ts`) import no feature at all. Only the route table `app.routes.ts` may load
 * feature pages. What several features use lives in `shared/`; see `ui/DEVELOPING.md`.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, inside, isRelative, resolveRelative, ROOT, sourceFiles } from './sources.js';

const APP = join(ROOT, 'ui/src/app');
const FEATURES = join(APP, 'features');
const ROUTES = join(APP, 'app.routes.ts');

/** `features/<name>` for a path inside a feature, else null. */
function featureOf(path: string): string | null {
  if (!inside(path, FEATURES) || path === FEATURES) return null;
  return relative(FEATURES, path).split(sep)[0] ?? null;
}

/** Every import that breaks the rule, as "file -> imported path" relative to `ui/src/app`. */
export function featureViolations(files: readonly { file: string; source: string }[]): string[] {
  const out: string[] = [];
  for (const { file, source } of files) {
    if (file === ROUTES) continue;
    const own = featureOf(file);
    for (const ref of importsOf(source, file)) {
      if (!isRelative(ref.specifier)) continue;
      const target = resolveRelative(file, ref.specifier);
      const imported = featureOf(target);
      if (imported === null || imported === own) continue;
      out.push(`${relative(APP, file)} -> ${relative(APP, target)}`);
    }
  }
  return out;
}

describe('UI features are independent', () => {
  it('no feature imports another, and core, layout, shared and app.* import none', () => {
    const files = sourceFiles(APP).map((file) => ({ file, source: readFileSync(file, 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(featureViolations(files)).toEqual([]);
  });
});

describe('the feature import check itself', () => {
  const at = (path: string) => join(APP, path);

  it('names a cross-feature import, a spec’s too, and one from core or shared', () => {
    const found = featureViolations([
      { file: at('features/library/page.ts'), source: "import { x } from '../downloads/api-types';" },
      { file: at('features/library/page.spec.ts'), source: "import type { Y } from '../channels/z';" },
      { file: at('core/live.ts'), source: "export { f } from '../features/channels/channel-format';" },
      { file: at('shared/a.ts'), source: "const m = import('../features/plugins/p');" },
    ]);
    expect(found).toEqual([
      'features/library/page.ts -> features/downloads/api-types',
      'features/library/page.spec.ts -> features/channels/z',
      'core/live.ts -> features/channels/channel-format',
      'shared/a.ts -> features/plugins/p',
    ]);
  });

  it('lets a feature import itself, shared and core, and the route table load feature pages', () => {
    const found = featureViolations([
      { file: at('features/playlists/playlist/page.ts'), source: "import { a } from '../api-types';" },
      { file: at('features/playlists/page.ts'), source: "import { b } from '../../shared/format';" },
      { file: at('features/playlists/x.ts'), source: "import { Api } from '../../core/api';" },
      { file: at('app.routes.ts'), source: "loadComponent: () => import('./features/auth/login-page')" },
    ]);
    expect(found).toEqual([]);
  });
});
