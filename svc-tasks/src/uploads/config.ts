import { z } from 'zod';

/** Config keys of uploads; svc-tasks merges them into its service config. */
export const uploadsConfigSchema = z.object({
  /** Folder of the local-disk file storage (relative to the process's working directory). */
  UPLOADS_DIR: z.string().min(1).default('./data/uploads'),
});
export type UploadsConfig = z.infer<typeof uploadsConfigSchema>;
