/**
 * `npm run start:services` leaves no orphans (issue 26): its services end within seconds when the supervisor dies,
 * also while they are still starting (loading, connecting to a NATS that does not answer). Needs PostgreSQL (the
 * supervisor creates its database first): runs in CI's PostgreSQL + NATS pass.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const serverUrl = process.env.TEST_DATABASE_URL;
const database = `orphans_${randomBytes(4).toString('hex')}`;

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A port nothing listens on (taken and given back): NATS there never answers. */
function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function childrenOf(pid: number): number[] {
  const listed = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  return listed.split('\n').map((line) => Number(line.trim())).filter((child) => child > 0);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function waitUntil(what: string, check: () => boolean, timeout: number): Promise<void> {
  return vi.waitFor(() => expect(check(), what).toBe(true), { timeout, interval: 100 });
}

afterAll(async () => {
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${database}" with (force)`);
  await admin.end();
});

describe.runIf(serverUrl)('start:services supervisor', () => {
  it('when the supervisor is killed with SIGKILL while its services start, then every service ends within seconds', async () => {
    const basePort = 20_000 + Math.floor(Math.random() * 10_000);
    const supervisor = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-services.ts'], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        DATABASE_URL: withDatabase(serverUrl as string, database),
        NATS_URL: `nats://127.0.0.1:${await unusedPort()}`,
        SERVICES_BASE_PORT: String(basePort),
        PORT: String(basePort + 10),
        DEMO_SEED: '0',
        LOG_LEVEL: 'silent',
      },
    });
    const supervisorPid = supervisor.pid as number;
    const exited = new Promise((resolve) => supervisor.once('exit', resolve));
    // The six services and the gateway are spawned once the database exists.
    await waitUntil('seven children', () => childrenOf(supervisorPid).length >= 7, 60_000);
    const children = childrenOf(supervisorPid);
    // Still loading or connecting: none has got as far as listening, as NATS never answers. This picks a moment
    // inside start-up to kill the supervisor at (the scenario under test), not a wait to see that nothing happens.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    process.kill(supervisorPid, 'SIGKILL');
    await exited;
    try {
      await waitUntil('every service ended', () => children.every((child) => !alive(child)), 10_000);
    } finally {
      // Whatever outlived the check is not left behind on the machine.
      for (const child of children.filter(alive)) process.kill(-child, 'SIGKILL');
    }
    expect(children.filter(alive)).toEqual([]);
  }, 90_000);
});
