import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppriseStatus } from '@vidkeep/contracts/notifications';
import { maskUrlsIn } from './targets.js';

/** What `apt-get` installs it as; `options.appriseCommand` may name another. */
export const INSTALL_HINT = 'install it (Debian and Ubuntu: apt-get install apprise; elsewhere: pip install apprise)';

export interface SendResult {
  ok: boolean;
  /** What happened in plain words; URLs masked. */
  message: string;
  /** The command is not installed. */
  missing?: boolean;
}

interface RunOutcome {
  code: number | null;
  output: string;
  missing: boolean;
  timedOut: boolean;
}

const OUTPUT_MAX = 64 * 1024;

/**
 * The Apprise command line. A message goes to a group of URLs in one run; the URLs are written to
 * a temporary configuration file readable only by this user (never on the command line, where
 * other users could see their tokens in the process list), the body goes through stdin. Every
 * text that comes back has its URLs masked.
 */
export class AppriseCli {
  private status$: { at: number; value: Promise<AppriseStatus> } | null = null;

  constructor(
    private readonly command: string,
    private readonly timeoutMs: number,
  ) {}

  /** Whether the command runs, and its version (looked up at most once a minute). */
  status(): Promise<AppriseStatus> {
    const now = Date.now();
    if (this.status$ && now - this.status$.at < 60_000) return this.status$.value;
    const value = this.run(['--version'], '', 15_000).then((r): AppriseStatus => {
      if (r.missing)
        return {
          available: false,
          version: null,
          problem: `The apprise command (${this.command}) is not installed: ${INSTALL_HINT}`,
        };
      const version = /Apprise v?(\S+)/i.exec(r.output)?.[1] ?? null;
      if (r.code !== 0)
        return { available: false, version, problem: `apprise --version failed (exit ${r.code ?? 'timeout'})` };
      return { available: true, version, problem: null };
    });
    this.status$ = { at: now, value };
    return value;
  }

  /** Sends one message to these URLs. Never throws. */
  async send(
    urls: readonly string[],
    message: { title: string; body: string; format: 'text' | 'markdown' },
  ): Promise<SendResult> {
    if (urls.length === 0) return { ok: true, message: 'No target' };
    const dir = await mkdtemp(join(tmpdir(), 'vidkeep-apprise-'));
    try {
      const config = join(dir, 'targets.txt');
      await writeFile(config, `${urls.join('\n')}\n`, { mode: 0o600 });
      const r = await this.run(
        ['-vv', `--input-format=${message.format}`, `--title=${message.title}`, `--config=${config}`],
        message.body,
        this.timeoutMs,
      );
      if (r.missing) {
        this.status$ = null;
        return {
          ok: false,
          missing: true,
          message: `The apprise command (${this.command}) is not installed: ${INSTALL_HINT}`,
        };
      }
      if (r.timedOut)
        return { ok: false, message: `apprise did not finish within ${Math.round(this.timeoutMs / 1000)} s` };
      if (r.code === 0) return { ok: true, message: `Sent to ${urls.length} target${urls.length === 1 ? '' : 's'}` };
      const lines = maskUrlsIn(r.output, urls)
        .split('\n')
        .map((l) => l.replace(/^\S+ \S+ - (\w+) - /, '$1: ').trim())
        .filter((l) => /WARNING|ERROR/.test(l));
      return {
        ok: false,
        message: lines.slice(-3).join(' | ') || `apprise exited with code ${r.code}`,
      };
    } finally {
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  private run(args: string[], stdin: string, timeoutMs: number): Promise<RunOutcome> {
    return new Promise((resolve) => {
      let output = '';
      let settled = false;
      const done = (r: RunOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(r);
      };
      const child = spawn(this.command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
      const take = (chunk: Buffer) => {
        if (output.length < OUTPUT_MAX) output += chunk.toString('utf8');
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        done({ code: null, output, missing: false, timedOut: true });
      }, timeoutMs);
      child.on('error', (err: NodeJS.ErrnoException) =>
        done({ code: null, output: err.message, missing: err.code === 'ENOENT', timedOut: false }),
      );
      child.on('close', (code) => done({ code, output, missing: false, timedOut: false }));
      child.stdin.on('error', () => undefined);
      child.stdin.end(stdin);
    });
  }
}
