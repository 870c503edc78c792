import { internalFileSchema, type InternalFile } from '@fragtbud/contracts';
import { z } from 'zod';
import type { PeerClient } from '@fragtbud/platform';

/** svc-tasks as svc-identity uses it: what is stored under a file key (null: nothing). */
export interface TasksPeer {
  findFile(key: string, requestId?: string): Promise<InternalFile | null>;
  /** Resolves when the user has no task that is neither completed nor cancelled; 409 user_has_active_tasks otherwise. */
  assertUserMayBeDeleted(userId: number, requestId?: string): Promise<void>;
}

export function tasksPeer(client: PeerClient): TasksPeer {
  return {
    findFile: (key, requestId) => client.find(internalFileSchema, `/internal/files/${encodeURIComponent(key)}`, 'file_not_found', requestId),
    assertUserMayBeDeleted: async (userId, requestId) => {
      await client.post(z.undefined(), `/internal/account/users/${userId}/erasure-check`, undefined, requestId);
    },
  };
}
