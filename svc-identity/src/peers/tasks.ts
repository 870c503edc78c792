import { internalFileSchema, type InternalFile } from '@fragtbud/contracts';
import type { PeerClient } from '@fragtbud/platform';

/** svc-tasks as svc-identity uses it: what is stored under a file key (null: nothing). */
export interface TasksPeer {
  findFile(key: string, requestId?: string): Promise<InternalFile | null>;
}

export function tasksPeer(client: PeerClient): TasksPeer {
  return {
    findFile: (key, requestId) => client.find(internalFileSchema, `/internal/files/${encodeURIComponent(key)}`, 'file_not_found', requestId),
  };
}
