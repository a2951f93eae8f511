import { buildApp } from './app.js';
import { createLogger } from './logger.js';
import { readEnvironment } from './env.js';
import type { CodeCache } from './code-cache.js';

// Time since the process started when this line runs, after every static import: Node itself
// plus loading the modules.
const modulesLoadedAt = performance.now();

/** When the dependencies' code cache is written: after the start, once its functions ran. */
const CODE_CACHE_SETTLE_MS = 1_000;

const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Starts vidkeep: builds the app (config, database migrations, plugins) and listens on
 * HOST:PORT (default 0.0.0.0:3087). SIGINT/SIGTERM close it gracefully: in-flight requests finish,
 * plugins shut down, the database is closed; a hung shutdown is cut off after 10 s.
 */
export async function main(codeCache: CodeCache | null): Promise<void> {
  let env;
  try {
    env = readEnvironment();
  } catch (err) {
    console.error(`vidkeep cannot start: ${(err as Error).message}`);
    process.exit(1);
  }
  const logger = createLogger(env);
  let app;
  const buildStartedAt = performance.now();
  try {
    app = await buildApp({ logger });
  } catch (err) {
    logger.fatal({ err }, 'vidkeep cannot start');
    // Also on stderr in plain words, whatever the log level or format.
    console.error(`vidkeep cannot start: ${(err as Error).message}`);
    process.exitCode = 1;
    setTimeout(() => process.exit(1), 500).unref();
    return;
  }
  const builtAt = performance.now();
  const address = await app.listen({ host: env.host, port: env.port });
  // Where the start went (docs/performance.md): modules, building the app (config, database,
  // plugins), listening.
  const startup = {
    modulesMs: Math.round(modulesLoadedAt),
    buildMs: Math.round(builtAt - buildStartedAt),
    listenMs: Math.round(performance.now() - builtAt),
  };
  const cached = codeCache && { hits: codeCache.hits, misses: codeCache.misses };
  if (codeCache) {
    setTimeout(() => {
      const { written, bytes } = codeCache.settle();
      if (written) logger.info({ ...cached, bytes }, 'Wrote the code cache of the dependencies');
    }, CODE_CACHE_SETTLE_MS).unref();
  }
  const port = new URL(address).port;
  const shownHost = ['0.0.0.0', '::'].includes(env.host) ? 'localhost' : env.host;
  logger.info(
    {
      configDir: env.paths.configDir,
      outputDir: env.paths.outputDir,
      plugins: app.vidkeep.plugins.map((p) => p.id),
      startup,
      codeCache: cached ?? 'node',
    },
    `vidkeep is listening on http://${shownHost}:${port} (API docs: http://${shownHost}:${port}/api/docs)`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal} received, shutting down`);
    const timer = setTimeout(() => {
      logger.error('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => {
        logger.info('Shut down cleanly');
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
