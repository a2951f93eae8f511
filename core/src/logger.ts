import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { RuntimeEnvironment } from './env.js';

type PrettyFactory = (options: Record<string, unknown>) => DestinationStream;

/**
 * The process logger. JSON lines by default (what log collectors want); pretty output when a
 * person is watching a terminal. Credentials in headers are never written. Pretty output is
 * formatted in this thread (pino-pretty loaded only then): a pino transport would start a worker
 * thread costing about 10 MiB and a slower start for a terminal's few lines a second.
 */
export function createLogger(env: Pick<RuntimeEnvironment, 'logLevel'>): Logger {
  const pretty = process.stdout.isTTY && process.env.LOG_FORMAT !== 'json';
  const options = {
    level: env.logLevel,
    redact: {
      paths: [
        'req.headers["x-access-token"]',
        'req.headers["x-api-key"]',
        'req.headers.authorization',
        'req.headers.cookie',
      ],
      censor: '[redacted]',
    },
  };
  if (!pretty) return pino(options);
  const prettyStream = createRequire(import.meta.url)('pino-pretty') as PrettyFactory;
  return pino(options, prettyStream({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true }));
}
