import pino, { type Logger } from 'pino';
import type { RuntimeEnvironment } from './env.js';

/**
 * The process logger. JSON lines by default (what log collectors want); pretty output when a
 * person is watching a terminal. Credentials in headers are never written.
 */
export function createLogger(env: Pick<RuntimeEnvironment, 'logLevel'>): Logger {
  const pretty = process.stdout.isTTY && process.env.LOG_FORMAT !== 'json';
  return pino({
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
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}
