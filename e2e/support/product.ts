import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningProduct {
  url: string;
  /** The product's (and so the gateway's) process, while it runs; null once it has exited. */
  pid: () => number | null;
  logs: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the whole marketplace as `npm start` does (embedded topology, demo accounts) on a free port with a
 * fresh data folder, and waits until it prints where it runs. The front ends must be built (`npm run build`).
 */
export async function startProduct(extraEnv: Record<string, string> = {}): Promise<RunningProduct> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fragtbud-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'embedded/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DEMO_SEED: '1', DEMO_TASKS: '0', LOG_LEVEL: 'warn', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`product did not start in 90 s:\n${output}`)), 90_000);
    const check = () => {
      const match = output.match(/kører på (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`product exited with ${code}:\n${output}`));
    });
  });

  return {
    url,
    pid: () => (child.exitCode === null && child.signalCode === null ? (child.pid ?? null) : null),
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
