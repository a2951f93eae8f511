import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, hasTaskset, load, memoryOf, post, REPO_ROOT, startBenchServer } from './lib.js';

/**
 * Auth layer figures: requests per second of GET /auth/validate with a session, and of
 * POST /api/videos/download rejected for API-key reasons, with the server on one core and the
 * load generator on the other; plus start time and idle RSS of the started server.
 */
export default async function authBench(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'vidkeep-bench-auth-'));
  const username = 'bench';
  const password = 'bench-password-123';
  const server = await startBenchServer(
    {
      CONFIG_DIR: join(dir, 'config'),
      SOURCE_OUTPUT_DIR: join(dir, 'data'),
      AUTH_PRESET_USERNAME: username,
      AUTH_PRESET_PASSWORD: password,
      // The download route arrives with the downloader issue; a fixture plugin stands in for it
      // (every rejection measured here happens in the auth layer before any handler runs).
      PLUGIN_MANIFEST: join(REPO_ROOT, 'tests/fixtures/server/manifest.json'),
    },
    3190,
  );
  try {
    await new Promise((r) => setTimeout(r, 3000));
    const idle = memoryOf(server.pid);
    const { token } = await post(`${server.url}/auth/login`, { username, password });
    const { key } = await post(`${server.url}/api/keys`, { name: 'bench' }, { 'x-access-token': token });
    const downloadUrl = `${server.url}/api/videos/download`;
    const body = JSON.stringify({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });

    const rows: [string, ReturnType<typeof load>][] = [
      [
        'GET /auth/validate (session)',
        load({ url: `${server.url}/auth/validate`, headers: { 'x-access-token': token } }),
      ],
      [
        'POST /api/videos/download, API key over its limit (429)',
        load({ url: downloadUrl, method: 'POST', headers: { 'x-api-key': key }, body }),
      ],
      [
        'POST /api/videos/download, unknown API key (401)',
        load({ url: downloadUrl, method: 'POST', headers: { 'x-api-key': `vk_${'0'.repeat(64)}` }, body }),
      ],
      [
        'GET /auth/validate with an API key (403)',
        load({ url: `${server.url}/auth/validate`, headers: { 'x-api-key': key } }),
      ],
    ];
    const after = memoryOf(server.pid);

    console.log(
      `\nauth benchmark (server pinned to core 0, autocannon on core 1: ${hasTaskset ? 'yes' : 'no taskset, unpinned'}; 50 connections, ${process.env.BENCH_SECONDS ?? 10} s each)`,
    );
    console.log('| request | req/s | p50 ms | p99 ms | status codes |');
    console.log('|---|---:|---:|---:|---|');
    for (const [name, r] of rows) {
      const codes = Object.entries(r.statusCounts)
        .map(([c, n]) => `${c}: ${fmt(n)}`)
        .join(', ');
      console.log(`| ${name} | ${fmt(r.requestsPerSecond)} | ${fmt(r.p50Ms, 1)} | ${fmt(r.p99Ms, 1)} | ${codes} |`);
    }
    console.log(
      `\nstart to first /setup/status answer: ${fmt(server.startMs)} ms (reference product: 1,100 ms to first answer)`,
    );
    console.log(`idle RSS after start: ${fmt(idle.rssMiB, 1)} MiB (reference product: 150-155 MB plus its database)`);
    console.log(`RSS after the load runs: ${fmt(after.rssMiB, 1)} MiB, peak ${fmt(after.peakMiB, 1)} MiB`);
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
