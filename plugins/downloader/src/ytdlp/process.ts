import { spawn, type ChildProcess } from 'node:child_process';
import { processSupervisor } from './supervisor.js';

export interface RunOptions {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Called for every complete line of stdout and stderr. */
  onLine(line: string, stream: 'stdout' | 'stderr'): void;
  /** Stop after this long without any output (ms). `extendedInactivityMs` applies while post-processing. */
  inactivityMs: number;
  /** Absolute cap (ms); null = none. */
  maxRuntimeMs: number | null;
  /** Grace period between SIGTERM and SIGKILL. */
  killGraceMs?: number;
}

/** Why a run was stopped: `paused` and `shutdown` put the job back in the queue, keeping its partial files. */
export type StopReason = 'inactivity' | 'runtime' | 'cancelled' | 'shutdown' | 'paused' | 'yielded';

export interface RunResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stoppedBy: StopReason | null;
  /** `ENOENT`, `EACCES`... when the binary could not start. */
  spawnError: string | null;
  lastLines: string[];
}

const MAX_LINE = 64 * 1024;
const KEEP_LAST = 30;

/**
 * One yt-dlp (or other tool) process with line-by-line output, an inactivity timeout, an
 * optional absolute runtime cap, and a stop that escalates from SIGTERM to SIGKILL. The child
 * runs in its own process group so ffmpeg children it starts are stopped too, and that group is
 * registered with the process supervisor, which kills it if the service dies first.
 */
export class ToolProcess {
  private child: ChildProcess | null = null;
  private stopReason: StopReason | null = null;
  private inactivityTimer: NodeJS.Timeout | null = null;
  private runtimeTimer: NodeJS.Timeout | null = null;
  private killTimer: NodeJS.Timeout | null = null;
  private inactivityMs: number;
  readonly done: Promise<RunResult>;

  constructor(
    binary: string,
    args: string[],
    private readonly options: RunOptions,
  ) {
    this.inactivityMs = options.inactivityMs;
    this.done = this.run(binary, args);
  }

  /** Longer quiet periods are normal while ffmpeg merges or converts. */
  setInactivityMs(ms: number): void {
    if (ms === this.inactivityMs) return;
    this.inactivityMs = ms;
    this.touch();
  }

  stop(reason: StopReason): void {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.stopReason ??= reason;
    this.signal('SIGTERM');
    this.killTimer ??= setTimeout(() => this.signal('SIGKILL'), this.options.killGraceMs ?? 5000);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  private signal(sig: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (!pid) return;
    try {
      process.kill(-pid, sig);
    } catch {
      try {
        this.child?.kill(sig);
      } catch {
        /* already gone */
      }
    }
  }

  private touch(): void {
    if (this.inactivityTimer) clearTimeout(this.inactivityTimer);
    this.inactivityTimer = setTimeout(() => this.stop('inactivity'), this.inactivityMs);
  }

  private run(binary: string, args: string[]): Promise<RunResult> {
    return new Promise((resolve) => {
      const lastLines: string[] = [];
      let spawnError: string | null = null;
      const child = spawn(binary, args, {
        env: this.options.env,
        cwd: this.options.cwd,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      this.child = child;
      // Registered at once: from here on a crash of the service takes the group with it.
      if (child.pid) processSupervisor.register(child.pid);
      const feed = (stream: 'stdout' | 'stderr') => {
        let buffer = '';
        return (chunk: Buffer) => {
          this.touch();
          buffer += chunk.toString('utf8');
          let nl: number;
          while ((nl = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, nl).replace(/\r$/, '');
            buffer = buffer.slice(nl + 1);
            emit(line, stream);
          }
          if (buffer.length > MAX_LINE) {
            emit(buffer, stream);
            buffer = '';
          }
        };
      };
      const emit = (line: string, stream: 'stdout' | 'stderr') => {
        if (!line) return;
        lastLines.push(line);
        if (lastLines.length > KEEP_LAST) lastLines.shift();
        try {
          this.options.onLine(line, stream);
        } catch {
          /* a parser bug must not kill the download */
        }
      };
      child.stdout!.on('data', feed('stdout'));
      child.stderr!.on('data', feed('stderr'));
      child.on('error', (err: NodeJS.ErrnoException) => {
        spawnError = err.code ?? err.message;
      });
      this.touch();
      if (this.options.maxRuntimeMs !== null) {
        this.runtimeTimer = setTimeout(() => this.stop('runtime'), this.options.maxRuntimeMs);
      }
      child.on('close', (exitCode, signal) => {
        for (const t of [this.inactivityTimer, this.runtimeTimer, this.killTimer]) if (t) clearTimeout(t);
        // Anything the group left behind (an ffmpeg mid-merge) goes with it.
        if (child.pid) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            /* group already gone */
          }
          processSupervisor.unregister(child.pid);
        }
        resolve({ exitCode, signal, stoppedBy: this.stopReason, spawnError, lastLines });
      });
    });
  }
}

/** Runs a short command to completion and collects its output (metadata lookups, ffprobe). */
export async function runToCompletion(
  binary: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; timeoutMs: number; maxOutputBytes?: number },
): Promise<{ exitCode: number | null; stdout: string; stderr: string; spawnError: string | null; timedOut: boolean }> {
  const stdout: Buffer[] = [];
  let size = 0;
  const errLines: string[] = [];
  const proc = new ToolProcess(binary, args, {
    env: options.env,
    inactivityMs: options.timeoutMs,
    maxRuntimeMs: options.timeoutMs,
    killGraceMs: 1000,
    onLine: (line, stream) => {
      if (stream === 'stderr') {
        if (errLines.length < 200) errLines.push(line);
        return;
      }
      size += line.length + 1;
      if (size <= (options.maxOutputBytes ?? 32 * 1024 * 1024)) stdout.push(Buffer.from(`${line}\n`));
    },
  });
  const r = await proc.done;
  return {
    exitCode: r.exitCode,
    stdout: Buffer.concat(stdout).toString('utf8'),
    stderr: errLines.join('\n'),
    spawnError: r.spawnError,
    timedOut: r.stoppedBy === 'inactivity' || r.stoppedBy === 'runtime',
  };
}
