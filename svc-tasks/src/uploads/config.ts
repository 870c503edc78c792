import { z } from 'zod';

/** Config keys of uploads; svc-tasks merges them into its service config. */
export const uploadsConfigSchema = z.object({
  /** Folder of the local-disk file storage (relative to the process's working directory). */
  UPLOADS_DIR: z.string().min(1).default('./data/uploads'),
  /** Uploads without a login (guests creating a task) allowed per client address within the window before 429. */
  ANONYMOUS_UPLOAD_LIMIT: z.coerce.number().int().positive().default(30),
  ANONYMOUS_UPLOAD_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
});
export type UploadsConfig = z.infer<typeof uploadsConfigSchema>;
