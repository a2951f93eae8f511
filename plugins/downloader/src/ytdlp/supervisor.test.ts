import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SUPERVISOR_SCRIPT } from './supervisor.js';

/**
 * The process supervisor with real processes: a Node process that runs tools through
 * ToolProcess and is then killed with SIGKILL, real `/bin/sh`, real process groups.
 */
const PROCESS_TS = new URL('./process.ts', import.meta.url).href;
const SUPERVISOR_TS = new URL('./supervisor.ts', import.meta.url).href;

const started: ChildProcess[] = [];
const groups: number[] = [];
afterEach(() => {
  for (const c of started.splice(0)) c.kill('SIGKILL');
  for (const g of groups.splice(0)) {
    try {
      process.kill(-g, 'SIGKILL');
    } catch {
      /* gone, as it should be */
    }
  }
});

interface Proc {
  pid: number;
  ppid: number;
  pgid: number;
  cmdline: string;
}

/** Live processes (an ended one has an empty command line, even before it is reaped). */
function processes(): Proc[] {
  const out: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim();
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (cmdline) out.push({ pid: Number(name), ppid: Number(fields[1]), pgid: Number(fields[2]), cmdline });
    } catch {
      /* ended while we looked */
    }
  }
  return out;
}

const inGroup = (pgid: number) => processes().filter((p) => p.pgid === pgid);
const supervisorsOf = (parent: number) =>
  processes().filter((p) => p.ppid === parent && p.cmdline.includes("trap '' INT TERM HUP"));

async function until<T>(fn: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A Node process (the "service") that starts, through ToolProcess, a shell which starts two
 * more processes of its group (like yt-dlp starting ffmpeg), and prints the group's id.
 */
async function serviceWithTool(ownGroup = false): Promise<{ node: ChildProcess; pgid: number }> {
  const code = `
    const { ToolProcess } = await import(${JSON.stringify(PROCESS_TS)});
    await import(${JSON.stringify(SUPERVISOR_TS)});
    const tool = new ToolProcess('/bin/sh', ['-c', 'sleep 300 & sleep 300 & wait'], {
      env: process.env, inactivityMs: 600000, maxRuntimeMs: null, onLine() {},
    });
    console.log(JSON.stringify({ pgid: tool.pid }));
    setInterval(() => {}, 60000);
  `;
  const node = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // As a service manager starts it: the leader of a process group of its own.
    detached: ownGroup,
  });
  started.push(node);
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    node.stdout!.on('data', (d) => {
      out += String(d);
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    node.once('exit', (c) => reject(new Error(`the service process exited with ${c}`)));
  });
  const { pgid } = JSON.parse(line) as { pgid: number };
  groups.push(pgid);
  // The shell and its two sleeps.
  await until(() => (inGroup(pgid).length === 3 ? true : undefined), 'the tool and its children to run');
  return { node, pgid };
}

describe('process supervisor', () => {
  it('kills the whole group of a running tool, children included, when the service is killed with SIGKILL', async () => {
    const { node, pgid } = await serviceWithTool();
    const [supervisor] = supervisorsOf(node.pid!);
    expect(supervisor).toBeDefined();

    node.kill('SIGKILL');
    await until(() => (inGroup(pgid).length === 0 ? true : undefined), 'the tool group to die with the service');
    // The supervisor leaves too.
    await until(
      () => (processes().some((p) => p.pid === supervisor!.pid) ? undefined : true),
      'the supervisor to exit',
    );
  }, 30_000);

  it("kills the tool groups when the service's whole process group is killed with SIGKILL (kill -9 -<pgid>)", async () => {
    const { node, pgid } = await serviceWithTool(true);
    const [supervisor] = supervisorsOf(node.pid!);
    expect(supervisor).toBeDefined();

    process.kill(-node.pid!, 'SIGKILL');
    await until(() => (inGroup(pgid).length === 0 ? true : undefined), 'the tool group to die with the service group');
    await until(
      () => (processes().some((p) => p.pid === supervisor!.pid) ? undefined : true),
      'the supervisor to exit',
    );
  }, 30_000);

  it('ignores the signals a terminal sends to the group, and is replaced when it dies', async () => {
    const { node, pgid } = await serviceWithTool();
    const first = supervisorsOf(node.pid!)[0]!;
    for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.kill(first.pid, sig);
    // Killed outright: the service starts another, which is told the groups still running.
    process.kill(first.pid, 'SIGKILL');
    const second = await until(() => supervisorsOf(node.pid!).find((p) => p.pid !== first.pid), 'a new supervisor');
    expect(inGroup(pgid)).toHaveLength(3);

    node.kill('SIGKILL');
    await until(() => (inGroup(pgid).length === 0 ? true : undefined), 'the tool group to die with the service');
    await until(() => (processes().some((p) => p.pid === second.pid) ? undefined : true), 'the new supervisor to exit');
  }, 30_000);

  it('kills only the groups still registered when its input ends', async () => {
    const sleeper = () => {
      const c = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
      groups.push(c.pid!);
      return c.pid!;
    };
    const [ended, running, other] = [sleeper(), sleeper(), sleeper()];
    const sh = spawn('/bin/sh', ['-c', SUPERVISOR_SCRIPT], { stdio: ['pipe', 'ignore', 'ignore'] });
    started.push(sh);
    sh.stdin!.end(`+${ended}\n+${running}\n-${ended}\n`);
    await new Promise((r) => sh.once('exit', r));
    await until(() => (inGroup(running).length === 0 ? true : undefined), 'the registered group to die');
    // A group taken off the list (its pid may belong to someone else by now) is left alone.
    expect(inGroup(ended)).toHaveLength(1);
    expect(inGroup(other)).toHaveLength(1);
  }, 30_000);
});
