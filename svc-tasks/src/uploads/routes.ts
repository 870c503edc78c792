import Router from '@koa/router';
import { uploadLimits } from '@fragtbud/contracts';
import { type BaseConfig, clientAddressOf, createAttemptLimiter, domainError, type Logger, requireUser } from '@fragtbud/platform';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { UploadsConfig } from './config';
import { receiveFile, type ReceiveFileOptions } from './multipart';
import { openFile, storeDocument, storeImage, type UploadsContext } from './service';
import { createLocalDiskStorage, type FileStorage } from './storage';

/** What the router needs of the platform's ServiceDeps. */
export interface UploadsDeps {
  db: Knex;
  logger: Logger;
  config: BaseConfig & UploadsConfig;
}

export interface UploadsRouterOptions {
  /** Defaults to local disk under UPLOADS_DIR; tests pass the in-memory storage. */
  storage?: FileStorage;
}

const imageUpload: ReceiveFileOptions = { maxBytes: uploadLimits.imageMaxBytes, kind: 'image' };
const documentUpload: ReceiveFileOptions = {
  maxBytes: uploadLimits.documentMaxBytes,
  kind: 'document',
};

/** POST /upload/image, POST /upload/document (multipart field `file`) and GET /files/{key}. */
export function uploadsRouter(deps: UploadsDeps, options: UploadsRouterOptions = {}): Router {
  const context: UploadsContext = {
    db: deps.db,
    logger: deps.logger,
    storage: options.storage ?? createLocalDiskStorage(deps.config.UPLOADS_DIR),
  };
  const anonymousUploads = createAttemptLimiter({
    limit: deps.config.ANONYMOUS_UPLOAD_LIMIT,
    windowMs: deps.config.ANONYMOUS_UPLOAD_WINDOW_MINUTES * 60_000,
  });
  /** Guests may upload task photos; per address, a flood is refused before a byte of it is read or decoded. */
  const limitAnonymous = (ctx: Context) => {
    if (ctx.state.user) return;
    const verdict = anonymousUploads.attempt(clientAddressOf(ctx) ?? 'unknown');
    if (verdict.allowed) return;
    ctx.set('Retry-After', String(verdict.retryAfterSeconds));
    throw domainError('too_many_uploads');
  };
  const router = new Router();

  router.post('/upload/image', async (ctx) => {
    limitAnonymous(ctx);
    const upload = await receiveFile(ctx.req, imageUpload);
    ctx.body = await storeImage(context, ctx.state.user ?? null, upload);
    ctx.status = 201;
  });

  router.post('/upload/document', async (ctx) => {
    const owner = requireUser(ctx);
    const upload = await receiveFile(ctx.req, documentUpload);
    ctx.body = await storeDocument(context, owner, upload);
    ctx.status = 201;
  });

  router.get('/files/:key', async (ctx) => {
    const { file, data } = await openFile(context, ctx.state.user ?? null, ctx.params.key ?? '');
    ctx.body = data;
    ctx.type = file.contentType;
    ctx.set('X-Content-Type-Options', 'nosniff');
    // A document (invoice, insurance paper) must not linger in any cache, the browser's included.
    ctx.set('Cache-Control', file.kind === 'image' ? 'private, max-age=31536000, immutable' : 'private, no-store');
    ctx.set('Content-Disposition', file.kind === 'image' ? 'inline' : `attachment; filename="${file.key}"`);
  });

  return router;
}
