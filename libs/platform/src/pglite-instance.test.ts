import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockFileName, openPglite } from './pglite-instance';

const dir = mkdtempSync(join(tmpdir(), 'fragtbud-pglite-'));
const lockPath = join(dir, lockFileName);

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openPglite(dir)', () => {
  it('when the directory is already open, then a second open fails naming the holder, and close frees it', async () => {
    const first = await openPglite(dir);
    expect(readFileSync(lockPath, 'utf-8')).toBe(String(process.pid));
    await expect(openPglite(dir)).rejects.toThrow(/already open in this process/);
    await first.instance.query('create table kept (id int)');
    await first.close();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('when another live process holds the lock, then opening fails with its pid', async () => {
    writeFileSync(lockPath, String(process.ppid));
    await expect(openPglite(dir)).rejects.toThrow(new RegExp(`process ${process.ppid}`));
    expect(readFileSync(lockPath, 'utf-8')).toBe(String(process.ppid));
    rmSync(lockPath);
  });

  it('when the lock was left by a dead process, then it is taken over and the data is still there', async () => {
    writeFileSync(lockPath, String(deadPid()));
    const reopened = await openPglite(dir);
    try {
      expect(readFileSync(lockPath, 'utf-8')).toBe(String(process.pid));
      const { rows } = await reopened.instance.query("select to_regclass('kept') as t");
      expect(rows).toEqual([{ t: 'kept' }]);
    } finally {
      await reopened.close();
    }
  });
});

describe('openPglite(dir, { template })', () => {
  it('when the directory holds no database, then it starts as a copy of the template; a database already there is kept', async () => {
    const base = mkdtempSync(join(tmpdir(), 'fragtbud-template-'));
    try {
      const template = join(base, 'template');
      const prepared = await openPglite(template);
      await prepared.instance.query('create table from_template (id int)');
      await prepared.close();

      const fresh = await openPglite(join(base, 'fresh'), { template });
      try {
        expect(existsSync(join(base, 'fresh', lockFileName))).toBe(true);
        const { rows } = await fresh.instance.query("select to_regclass('from_template') as t");
        expect(rows).toEqual([{ t: 'from_template' }]);
        await fresh.instance.query('create table own (id int)');
      } finally {
        await fresh.close();
      }

      const again = await openPglite(join(base, 'fresh'), { template });
      try {
        const { rows } = await again.instance.query("select to_regclass('own') as t");
        expect(rows).toEqual([{ t: 'own' }]);
      } finally {
        await again.close();
      }
      expect(existsSync(join(template, lockFileName))).toBe(false);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }, 120_000);
});
