import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Starts a TypeScript entry in its own Node process (tsx), output to this one's stderr; stopped with stop(). */
export function startProcess(entry: string, env: Record<string, string | undefined>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Polls `url` until it answers 200 (or gives up after `timeoutMs`); the milliseconds it took. */
export async function waitUntilOk(url: string, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Processes whose command line contains `fragment` (Linux: /proc), e.g. a service's entry file, and, if given,
 * whose environment holds `envEntry` (`NAME=value`), to tell one benchmark's processes from another's.
 */
export function pidsOf(fragment: string, envEntry?: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        if (!command.some((part) => part.includes(fragment))) return false;
        return !envEntry || readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(envEntry);
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

/** CPU time (user + system) a process has used so far, in seconds (Linux: /proc/<pid>/stat). */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) — utime and stime are the 14th and 15th fields.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond;
}
/** USER_HZ: 100 on every Linux this runs on. */
const clockTicksPerSecond = 100;
