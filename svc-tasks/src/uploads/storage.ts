import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the bytes of uploaded files live. Keys are chosen by the server (see `fileKeyPattern`); adapters still
 * refuse anything that could leave their namespace.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a key that is not there is not an error. */
  delete(key: string): Promise<void>;
}

const safeKey = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?$/;

export function checkKey(key: string): string {
  if (!safeKey.test(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files in one folder on local disk (`UPLOADS_DIR`); written to a temporary name first, so a reader never sees half a file. */
export function createLocalDiskStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  const pathOf = (key: string) => path.join(root, checkKey(key));

  return {
    async put(key, data) {
      const target = pathOf(key);
      await mkdir(root, { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, data, { mode: 0o640, flag: 'wx' });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** For tests: the bytes in a Map, `keys()` shows what was stored. */
export function createMemoryStorage(): FileStorage & { keys(): string[] } {
  const files = new Map<string, Buffer>();
  return {
    async put(key, data) {
      files.set(checkKey(key), Buffer.from(data));
    },
    async get(key) {
      const data = files.get(checkKey(key));
      return data ? Buffer.from(data) : null;
    },
    async delete(key) {
      files.delete(checkKey(key));
    },
    keys: () => [...files.keys()],
  };
}
