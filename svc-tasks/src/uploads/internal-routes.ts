import Router from '@koa/router';
import type { InternalFile } from '@fragtbud/contracts';
import { requireServiceCaller } from '@fragtbud/platform';
import type { UploadsDeps } from './routes';
import { storedFileOf } from './service';

/** GET /internal/files/:key — who stored a file and what it is, never its bytes (svc-identity: insurance). Services only. */
export function internalFilesRouter(deps: Pick<UploadsDeps, 'db'>): Router {
  const router = new Router({ prefix: '/internal/files' });

  router.get('/:key', async (ctx) => {
    requireServiceCaller(ctx);
    const file = await storedFileOf(deps.db, ctx.params.key ?? '');
    ctx.body = {
      key: file.key,
      owner_user_id: file.ownerUserId,
      kind: file.kind,
      content_type: file.contentType,
      size: file.size,
    } satisfies InternalFile;
  });

  return router;
}
