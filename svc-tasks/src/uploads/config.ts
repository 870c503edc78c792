import { z } from 'zod';

/** Config keys of uploads; svc-tasks merges them into its service config. */
export const uploadsConfigSchema = z.object({
  /** local: files under UPLOADS_DIR (one machine); s3: an S3-compatible bucket every replica shares. */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  /** Folder of the local-disk file storage (relative to the process's working directory). */
  UPLOADS_DIR: z.string().min(1).default('./data/uploads'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Another S3-compatible service than AWS (MinIO, Ceph, a test server); path-style addressing is then the default. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  /** Without them the SDK's credential chain applies (a Kubernetes service account role, an instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Prefix of every object key, e.g. `uploads/`, when the bucket is shared. */
  S3_PREFIX: z.string().regex(/^([A-Za-z0-9_-]+\/)*$/, 'folders ending in /, e.g. uploads/').default(''),
  /** Uploads without a login (guests creating a task) allowed per client address within the window before 429. */
  ANONYMOUS_UPLOAD_LIMIT: z.coerce.number().int().positive().default(30),
  ANONYMOUS_UPLOAD_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
});
export type UploadsConfig = z.infer<typeof uploadsConfigSchema>;

/** FILE_STORAGE=s3 needs its bucket; keys come in pairs. */
export function checkUploadsConfig(config: UploadsConfig, ctx: z.RefinementCtx): void {
  if (config.FILE_STORAGE === 's3' && !config.S3_BUCKET) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when FILE_STORAGE is s3' });
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
  }
}
