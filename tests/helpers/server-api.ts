import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';
import type { ServerProcess } from './server-process.js';

/** Creates the first account of a fresh server process with its setup token; returns a session token. */
export async function signUp(server: ServerProcess, configDir: string): Promise<string> {
  const setupToken = readFileSync(join(configDir, 'setup-token'), 'utf8').trim();
  const res = await fetch(`${server.url}/setup/create-auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token: setupToken,
      username: 'admin',
      password: 'correct-horse',
      confirmPassword: 'correct-horse',
    }),
  });
  if (!res.ok) throw new Error(`setup: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** One authenticated JSON request to a server process; throws on a non-2xx answer. */
export async function api<T>(
  server: ServerProcess,
  path: string,
  token: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'x-access-token': token, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Polls `fn` every 100 ms until it returns something other than undefined. */
export async function until<T>(fn: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Reads rows from a server's SQLite file directly (read-only), as an operator's sqlite3 would. */
export function queryDatabase<T>(file: string, sql: string): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (err) => {
      if (err) return reject(err);
      db.all(sql, (e, rows) => {
        db.close();
        if (e) reject(e);
        else resolve(rows as T[]);
      });
    });
  });
}
