import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createDraftFileStore } from './draft-files';

const file = (id: string, bytes: number[], filename = `${id}.jpg`) => ({ id, bytes: new Uint8Array(bytes).buffer, type: 'image/jpeg', filename });
const plain = (files: { id: string; bytes: ArrayBuffer; type: string; filename: string }[]) =>
  files.map(({ bytes, ...rest }) => ({ ...rest, bytes: [...new Uint8Array(bytes)] }));

describe('draft files (IndexedDB)', () => {
  it('when files are kept for a draft, then a new store on the same device (a reload) lists them in order, and only that draft’s', async () => {
    const indexedDB = new IDBFactory();
    const before = createDraftFileStore({ indexedDB });
    await before.put('proof:3:12:pickup', file('b', [2, 2]));
    await before.put('proof:3:12:pickup', file('a', [1]));
    await before.put('proof:3:12:delivery', file('c', [3]));
    await before.put('proof:4:12:pickup', file('d', [4]));
    before.close();

    const after = createDraftFileStore({ indexedDB });
    expect(plain(await after.list('proof:3:12:pickup'))).toEqual([
      { id: 'b', type: 'image/jpeg', filename: 'b.jpg', bytes: [2, 2] },
      { id: 'a', type: 'image/jpeg', filename: 'a.jpg', bytes: [1] },
    ]);
    expect(plain(await after.list('proof:3:12:delivery'))).toEqual([{ id: 'c', type: 'image/jpeg', filename: 'c.jpg', bytes: [3] }]);
    expect(await after.list('proof:3:13:pickup')).toEqual([]);
  });

  it('when one file is removed or the draft is cleared, then only that goes; other drafts keep theirs', async () => {
    const store = createDraftFileStore({ indexedDB: new IDBFactory() });
    await store.put('x', file('1', [1]));
    await store.put('x', file('2', [2]));
    await store.put('y', file('1', [9]));
    await store.remove('x', '1');
    expect((await store.list('x')).map((f) => f.id)).toEqual(['2']);
    await store.clear('x');
    expect(await store.list('x')).toEqual([]);
    expect(plain(await store.list('y'))).toEqual([{ id: '1', type: 'image/jpeg', filename: '1.jpg', bytes: [9] }]);
  });
});
