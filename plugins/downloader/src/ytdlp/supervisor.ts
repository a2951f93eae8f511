import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import type { PluginLogger } from '@vidkeep/contracts';

/**
 * The supervisor's whole program. It ignores the signals a terminal or a service manager sends
 * to the service's process group (the service decides what its children do on a graceful stop),
 * keeps the list of process groups the service registers (`+<pgid>` / `-<pgid>`, one per line),
 * and when its input ends (the service exited or was killed, however) kills every group still
 * registered with SIGKILL and exits.
 */
export const SUPERVISOR_SCRIPT = `trap '' INT TERM HUP
groups=' '
while IFS= read -r line; do
  g=\${line#?}
  case "$line" in
    +*) groups="$groups$g " ;;
    -*) case "$groups" in *" $g "*) groups="\${groups%% $g *} \${groups#* $g }" ;; esac ;;
  esac
done
for g in $groups; do kill -s KILL -- "-$g" 2>/dev/null; done
`;

/** Restarts allowed within `RESTART_WINDOW_MS` before the supervisor is given up. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * Makes sure no tool process outlives the service. Every yt-dlp, ffmpeg and ffprobe runs in a
 * process group of its own (so stopping one stops the ffmpeg it started). A kill -9 of Node would
 * leave those groups running, so one tiny `/bin/sh` (started with the first tool, a few hundred
 * KiB, no native addon) holds the read end of a pipe whose write end only this process has. When
 * Node dies the pipe reaches end-of-file and the shell kills every group still registered. The
 * shell runs in its own session, so killing the service's whole process group leaves it to do so.
 *
 * Registration happens right after each spawn and is withdrawn when the process has closed (after
 * its leftovers were killed). If the supervisor dies, it is started again at once with the
 * groups that are alive (and the event is logged); after repeated deaths it is given up, loudly,
 * and downloads go on without the guarantee.
 */
export class ProcessSupervisor {
  private child: ChildProcess | null = null;
  private readonly groups = new Set<number>();
  private readonly restarts: number[] = [];
  private disabled = false;
  private logger: Pick<PluginLogger, 'warn' | 'error'> | null = null;

  constructor(private readonly shell = '/bin/sh') {}

  /** Where the supervisor reports its own troubles (the downloader plugin's logger). */
  useLogger(logger: Pick<PluginLogger, 'warn' | 'error'>): void {
    this.logger = logger;
  }

  /** A process group to kill if the service dies before it ends. */
  register(pgid: number): void {
    if (this.groups.has(pgid)) return;
    this.groups.add(pgid);
    // A supervisor started now is told every registered group, this one included.
    if (this.child) this.child.stdin?.write(`+${pgid}\n`);
    else this.start();
  }

  /** The group ended (its leader exited and leftovers were killed). */
  unregister(pgid: number): void {
    if (!this.groups.delete(pgid)) return;
    this.child?.stdin?.write(`-${pgid}\n`);
  }

  /** The supervisor's pid while it runs (tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Ends an idle supervisor and waits for it (a worker thread calls this before it ends, so the
   * shell is reaped). Does nothing while groups are registered: ending the pipe would kill them.
   */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || this.groups.size > 0) return;
    this.child = null;
    const exited = new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      setTimeout(resolve, 1000).unref();
    });
    child.stdin?.end();
    await exited;
  }

  private start(): void {
    if (this.disabled) return;
    // In a session of its own: a kill -9 of the service's whole process group (`kill -9 -<pgid>`,
    // a service manager's "kill the group") must not take the supervisor along, or the tool
    // groups it guards would outlive the service (issue 31).
    const child = spawn(this.shell, ['-c', SUPERVISOR_SCRIPT], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    this.child = child;
    // Neither the process nor its pipe keeps Node running; the pipe closes when Node exits.
    child.unref();
    (child.stdin as Socket | null)?.unref();
    // EPIPE and the like: the supervisor is gone; its exit handler restarts it.
    child.stdin?.on('error', () => undefined);
    child.once('error', (err: NodeJS.ErrnoException) => {
      if (this.child !== child) return;
      this.child = null;
      this.disabled = true;
      this.logger?.error(
        { err, shell: this.shell },
        `Could not start the process supervisor (${this.shell}): downloads run, but a crash of the service may leave yt-dlp or ffmpeg running`,
      );
    });
    child.once('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = null;
      const now = Date.now();
      this.restarts.push(now);
      while (this.restarts.length && now - this.restarts[0]! > RESTART_WINDOW_MS) this.restarts.shift();
      if (this.restarts.length > MAX_RESTARTS) {
        this.disabled = true;
        this.logger?.error(
          { code, signal },
          'The process supervisor keeps dying; given up: a crash of the service may now leave yt-dlp or ffmpeg running',
        );
        return;
      }
      this.logger?.warn(
        { code, signal, groups: this.groups.size },
        'The process supervisor exited unexpectedly; a new one takes over',
      );
      // Without live groups it starts again with the next tool.
      if (this.groups.size > 0) this.start();
    });
    for (const pgid of this.groups) child.stdin?.write(`+${pgid}\n`);
  }
}

/** The one supervisor of this process (or worker thread). */
export const processSupervisor = new ProcessSupervisor();
