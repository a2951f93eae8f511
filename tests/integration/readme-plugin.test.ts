import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { buildTestApp, completeSetup, type TestApp } from '@vidkeep/core/testing';
import { removeScratch, scratchDir } from '../helpers/scratch.js';
import { REPO_ROOT } from '../helpers/server-process.js';

let scratch: string | undefined;
let t: TestApp | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
  await removeScratch(scratch);
  scratch = undefined;
});

/** The README promises a plugin in five lines; this boots exactly those lines. */
it('the five-line plugin of the README loads from the manifest and serves its route', async () => {
  const readme = await readFile(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Write a plugin in five lines'));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  expect(code).toBeDefined();
  expect(code!.trim().split('\n')).toHaveLength(5);
  scratch = await scratchDir('readme');
  await writeFile(join(scratch, 'acme-hello.js'), code!);
  const manifestPath = join(scratch, 'plugin-manifest.json');
  const manifest = {
    version: 1,
    plugins: [
      { id: 'auth', package: '@vidkeep/plugin-auth', enabled: true },
      { id: 'acme-hello', package: './acme-hello.js', enabled: true },
    ],
  };
  t = await buildTestApp({ manifestPath, manifest });
  const token = await completeSetup(t);
  const res = await t.app.inject({ url: '/api/acme-hello', headers: { 'x-access-token': token } });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ hello: 'session' });
  expect((await t.app.inject({ url: '/api/acme-hello' })).statusCode).toBe(403);
});
