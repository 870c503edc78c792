import type { IncomingMessage } from 'node:http';
import busboy, { type Busboy } from 'busboy';

import { AppError, domainError } from '@fragtbud/platform';

export interface ReceiveFileOptions {
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** What kind of file it is, for the catalog's text when the file is bigger (`file_too_large`). */
  kind: 'image' | 'document';
  /** The form field that carries the file. */
  fieldName?: string;
}

/** Room for the multipart framing and the form fields that come along with the file (ignored). */
const formOverheadBytes = 256 * 1024;

/**
 * After a refusal the rest of the body is read and dropped, so the connection stays usable and the client (the
 * gateway) gets to read the answer: closing a socket the peer is still writing to resets it, and the answer can
 * be lost. Beyond this much the connection is cut instead (the gateway never sends that much).
 */
const maxDiscardedBytes = 64 * 1024 * 1024;

function discardRest(req: IncomingMessage): void {
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > maxDiscardedBytes) req.destroy();
  });
  req.resume();
}

/**
 * Streams a multipart/form-data request and returns the bytes of its one file field (`file`). The file is held in
 * memory only up to `maxBytes`; other fields and files in other fields are read past and dropped. Anything wrong
 * with the request is a 400 with a Danish message: no (or an empty) file, a file too large, a second file, a
 * request that is not multipart or breaks off.
 */
export function receiveFile(req: IncomingMessage, options: ReceiveFileOptions): Promise<Buffer> {
  const { maxBytes, kind, fieldName = 'file' } = options;
  const tooLarge = () => domainError('file_too_large', kind === 'document' ? { variant: 'document' } : {});
  const malformed = () => domainError('invalid_multipart');

  const refuseUnread = (error: AppError) => {
    discardRest(req);
    return Promise.reject(error);
  };

  const declaredLength = Number(req.headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > maxBytes + formOverheadBytes) return refuseUnread(tooLarge());

  let parser: Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { fileSize: maxBytes, fieldSize: 64 * 1024, fields: 50, parts: 100, headerPairs: 100 },
    });
  } catch {
    // Not multipart/form-data, or no boundary.
    return refuseUnread(malformed());
  }

  return new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    let seenFile = false;
    let received: Buffer | undefined;
    let totalBytes = 0;

    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      discardRest(req);
      reject(error);
    };

    parser.on('file', (name, stream) => {
      if (name !== fieldName) {
        stream.resume();
        return;
      }
      if (seenFile) {
        stream.resume();
        fail(domainError('too_many_files'));
        return;
      }
      seenFile = true;
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
      });
      stream.on('limit', () => fail(tooLarge()));
      stream.on('error', () => fail(malformed()));
      stream.on('end', () => {
        if (!stream.truncated) received = Buffer.concat(chunks, size);
      });
    });
    // Other form fields are not needed; busboy's limits bound them.
    parser.on('partsLimit', () => fail(malformed()));
    parser.on('fieldsLimit', () => fail(malformed()));
    parser.on('error', () => fail(malformed()));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      if (received && received.length > 0) resolve(received);
      else reject(domainError('no_file'));
    });

    req.on('data', (chunk: Buffer) => {
      totalBytes += chunk.length;
      if (totalBytes > maxBytes + formOverheadBytes) fail(tooLarge());
    });
    req.on('aborted', () => fail(malformed()));
    req.on('error', () => fail(malformed()));
    req.pipe(parser);
  });
}
