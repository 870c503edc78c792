import { z } from 'zod';

const megabyte = 1024 * 1024;

/** Limits of POST /upload/image and /upload/document; the browser checks the size before it sends. */
export const uploadLimits = {
  imageMaxBytes: 15 * megabyte,
  documentMaxBytes: 10 * megabyte,
  /**
   * Decoding bigger images costs too much memory and time (a 300 KB PNG can declare 100 megapixels); phones save
   * 12–50 MP, so 40 MP keeps every ordinary photo. Checked from the header, before anything is decoded.
   */
  imageMaxPixels: 40_000_000,
  /** Stored images: the long side at most this many pixels, JPEG at this quality (spec section 9, Photo). */
  imageMaxSidePx: 1600,
  imageJpegQuality: 82,
} as const;

export const fileKinds = ['image', 'document'] as const;
export const fileKindSchema = z.enum(fileKinds);
export type FileKind = z.infer<typeof fileKindSchema>;

/** A stored file's key: a random uuid chosen by the server, then the extension of what was stored. */
export const fileKeyPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|pdf)$/;
export const fileKeySchema = z.string().regex(fileKeyPattern);

/** Where the browser fetches a stored file: GET /api/files/{key}. */
export const fileUrlPrefix = '/api/files/';
export const fileUrlOf = (key: string) => `${fileUrlPrefix}${key}`;
/** The key of one of our file URLs; null for anything else. */
export function fileKeyOfUrl(url: string): string | null {
  if (!url.startsWith(fileUrlPrefix)) return null;
  const key = url.slice(fileUrlPrefix.length);
  return fileKeyPattern.test(key) ? key : null;
}

export const uploadImageResponseSchema = z.object({ url: z.string() });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;

export const uploadDocumentResponseSchema = z.object({ file_url: z.string() });
export type UploadDocumentResponse = z.infer<typeof uploadDocumentResponseSchema>;

/** GET /internal/files/{key} (svc-tasks → svc-identity): who stored a file and what it is — never its bytes. */
export const internalFileSchema = z.object({
  key: z.string(),
  /** null: a guest's task photo. */
  owner_user_id: z.number().int().positive().nullable(),
  kind: fileKindSchema,
  content_type: z.string(),
  size: z.number().int().nonnegative(),
});
export type InternalFile = z.infer<typeof internalFileSchema>;
