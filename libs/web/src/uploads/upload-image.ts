import { API_BASE, API_TIMEOUT_MS } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { danishErrorMessage, type ErrorBody } from '../api/error-message';

/** Spec sections 5 and 8. */
export const UPLOAD_MESSAGES = {
  failed: 'Kunne ikke uploade billede.',
  noUrl: 'Billedupload returnerede ikke en URL.',
  tooMany: (max: number) => `Du kan kun uploade op til ${max} billeder`,
  documentNoUrl: 'Upload lykkedes ikke — intet fil-link retur.',
  documentFailed: 'Kunne ikke uploade/gemme forsikring.',
} as const;

interface UploadTarget {
  path: '/upload/image' | '/upload/document';
  urlKey: 'url' | 'file_url';
  failed: string;
  noUrl: string;
}

export interface UploadOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * POST /upload/image as multipart with the field `file`; resolves with the stored image's URL.
 * Failures are ApiErrors with Danish messages: the server's text where it gave one, else 'Kunne ikke uploade billede.';
 * an answer without a URL is 'Billedupload returnerede ikke en URL.'. A caller's abort rejects with the abort itself.
 */
export function uploadImage(file: Blob, filename = 'billede.jpg', options: UploadOptions = {}): Promise<string> {
  return uploadFile({ path: '/upload/image', urlKey: 'url', failed: UPLOAD_MESSAGES.failed, noUrl: UPLOAD_MESSAGES.noUrl }, file, filename, options);
}

/** POST /upload/document (a PDF or an image, e.g. an insurance certificate); resolves with its `file_url`. */
export function uploadDocument(file: Blob, filename: string, options: UploadOptions = {}): Promise<string> {
  const target = { path: '/upload/document', urlKey: 'file_url', failed: UPLOAD_MESSAGES.documentFailed, noUrl: UPLOAD_MESSAGES.documentNoUrl } as const;
  return uploadFile(target, file, filename, options);
}

async function uploadFile(target: UploadTarget, file: Blob, filename: string, options: UploadOptions): Promise<string> {
  const { signal, timeoutMs = API_TIMEOUT_MS } = options;
  const form = new FormData();
  form.append('file', file, filename);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const abortFromCaller = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', abortFromCaller, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };

  let response: Response;
  try {
    response = await fetch(new URL(`${API_BASE}${target.path}`, window.location.origin), {
      method: 'POST',
      body: form,
      headers,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: 'upload_failed', message: target.failed });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }

  const body = await readBody(response);
  if (!response.ok) {
    const errorBody = body && typeof body === 'object' ? (body as ErrorBody) : null;
    throw new ApiError({
      status: response.status,
      code: typeof errorBody?.code === 'string' ? errorBody.code : `http_${response.status}`,
      message: danishErrorMessage(response.status, errorBody, target.failed),
      details: errorBody?.details,
    });
  }
  const url = body && typeof body === 'object' ? (body as Record<string, unknown>)[target.urlKey] : undefined;
  if (typeof url !== 'string' || !url.trim()) {
    throw new ApiError({ status: response.status, code: 'upload_without_url', message: target.noUrl });
  }
  return url;
}
