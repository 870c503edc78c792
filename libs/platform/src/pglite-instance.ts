import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Mutex } from './mutex';
import { pgliteParsers } from './type-parsers';

/** One PGlite instance shared by several knex instances (one per service schema). */
export interface SharedPglite {
  readonly instance: PGlite;
  /** Absolute data directory, or 'memory'. */
  readonly dir: string;
  /** Hands the single connection to one knex at a time. */
  readonly mutex: Mutex;
  /** The schema the connection's search_path points at (set by the client holding the mutex); undefined: unknown. */
  searchPath?: string | undefined;
  close(): Promise<void>;
}

export const lockFileName = '.fragtbud.lock';

const closeWaitMs = 10_000;
const openDirs = new Set<string>();

export interface OpenPgliteOptions {
  /**
   * A PGlite data directory prepared earlier (closed). A directory that holds no database yet starts as a copy of
   * it (a plain file copy) instead of being initialised empty: initdb in WebAssembly takes seconds and leaves
   * hundreds of MB behind. Ignored for 'memory'.
   */
  template?: string;
}

/** Opens a PGlite database in `dir` (or in memory for 'memory'), guarded against a second opener by a lock file. */
export async function openPglite(dir = 'memory', options: OpenPgliteOptions = {}): Promise<SharedPglite> {
  if (dir === 'memory') return startInstance('memory', undefined, () => undefined);
  const dataDir = resolve(dir);
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = takeLock(dataDir);
  try {
    if (options.template && !existsSync(join(dataDir, 'PG_VERSION'))) copyTemplate(resolve(options.template), dataDir);
    return await startInstance(dataDir, dataDir, releaseLock);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

function copyTemplate(template: string, dataDir: string): void {
  if (!existsSync(join(template, 'PG_VERSION'))) throw new Error(`PGlite template ${template} holds no database.`);
  cpSync(template, dataDir, { recursive: true, filter: (source) => basename(source) !== lockFileName });
}

async function startInstance(dir: string, dataDir: string | undefined, onClose: () => void): Promise<SharedPglite> {
  const instance = await PGlite.create({ dataDir, parsers: pgliteParsers });
  const mutex = new Mutex();
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Let a knex that still holds the connection finish before the instance goes away.
      const release = await mutex.lock(closeWaitMs).catch(() => undefined);
      try {
        if (!instance.closed) await instance.close();
      } finally {
        release?.();
        onClose();
      }
    })();
    return closing;
  };
  return { instance, dir, mutex, close };
}

function takeLock(dataDir: string): () => void {
  const lockPath = join(dataDir, lockFileName);
  if (!tryCreateLock(lockPath)) {
    const holder = readPid(lockPath);
    if (holder !== undefined && isHeldBy(holder, dataDir)) {
      const who = holder === process.pid ? 'this process' : `process ${holder}`;
      throw new Error(`PGlite data directory ${dataDir} is already open in ${who} (lock file ${lockPath}).`);
    }
    rmSync(lockPath, { force: true });
    if (!tryCreateLock(lockPath)) throw new Error(`Could not take the PGlite lock file ${lockPath}.`);
  }
  openDirs.add(dataDir);
  const removeOnExit = () => removeLockIfOurs(lockPath);
  process.once('exit', removeOnExit);
  return () => {
    process.removeListener('exit', removeOnExit);
    openDirs.delete(dataDir);
    removeLockIfOurs(lockPath);
  };
}

function tryCreateLock(lockPath: string): boolean {
  try {
    writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Our own pid in a lock we did not take means a previous life of a container reusing the pid: stale. */
function isHeldBy(pid: number, dataDir: string): boolean {
  if (pid === process.pid) return openDirs.has(dataDir);
  return isAlive(pid);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf-8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function removeLockIfOurs(lockPath: string): void {
  if (existsSync(lockPath) && readPid(lockPath) === process.pid) rmSync(lockPath, { force: true });
}
