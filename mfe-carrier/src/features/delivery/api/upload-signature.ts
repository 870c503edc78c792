import { uploadImage } from '@fragtbud/web';

/** The signature canvas as a PNG upload (POST /upload/image); resolves with its /api/files/ URL. */
export function uploadSignature(png: Blob, signal?: AbortSignal): Promise<string> {
  return uploadImage(png, 'underskrift.png', { signal });
}
