import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Sends a signal (to the whole process group when started with `ownGroup`) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartOptions {
  /** Start the server as a service manager or a terminal does: the leader of a process group of its own. */
  ownGroup?: boolean;
}

/** The Node flags of the `start` script in package.json (`node <flags> core/scripts/start.mjs`). */
export const START_FLAGS: string[] = (
  JSON.parse(readFileSync(`${REPO_ROOT}package.json`, 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((a) => a.startsWith('--'));

/**
 * What `npm start` runs once its staleness check found the build current (after `npm run build`,
 * which `npm test` does first): the server with the same Node flags.
 */
export const SERVER_COMMAND = [process.execPath, ...START_FLAGS, 'core/dist/server.js'];

/** Spawns the server on a random port, collecting everything it writes. */
function spawnServer(
  env: Record<string, string>,
  options: StartOptions = {},
): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(SERVER_COMMAND[0]!, SERVER_COMMAND.slice(1), {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownGroup ?? false,
  });
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  return { child, output: () => out };
}

/**
 * Starts the real server exactly like `npm start` does, on a random free port, and resolves once
 * it reports the address it listens on.
 */
export async function startServer(env: Record<string, string>, options: StartOptions = {}): Promise<ServerProcess> {
  const { child, output } = spawnServer(env, options);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /listening on (http:\/\/[^\s"]+?) \(/.exec(output());
      if (m) {
        clearInterval(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    }, 20);
    exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output()}`));
    });
  });
  return {
    child,
    url,
    output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) {
        if (options.ownGroup) process.kill(-child.pid!, signal);
        else child.kill(signal);
      }
      return exited;
    },
  };
}

/**
 * Starts the real server on `dir` (CONFIG_DIR and SOURCE_OUTPUT_DIR under it) with the login set
 * headless (`AUTH_PRESET_*`) and signs in: the server and a session token.
 */
export async function startSignedIn(dir: string): Promise<{ server: ServerProcess; token: string }> {
  const credentials = { username: 'admin', password: 'password123' };
  const server = await startServer({
    CONFIG_DIR: join(dir, 'config'),
    SOURCE_OUTPUT_DIR: join(dir, 'data'),
    AUTH_PRESET_USERNAME: credentials.username,
    AUTH_PRESET_PASSWORD: credentials.password,
  });
  const login = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return { server, token: ((await login.json()) as { token: string }).token };
}

/** Runs the server to completion (for boot failures) and returns its exit code and output. */
export function runServerToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { child, output } = spawnServer(env);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output: output() })));
}
