import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { uploadLimits } from '@fragtbud/contracts';
import { AppError, domainError } from '@fragtbud/platform';

/** What the bytes of an upload are, whatever the browser declared. */
export type SniffedContent =
  | { kind: 'image'; mime: string }
  | { kind: 'pdf' }
  /** An image in a format we do not take (GIF, TIFF, AVIF, …). */
  | { kind: 'other-image'; mime: string }
  | { kind: 'other' };

/** Formats we re-encode; HEIC/HEIF only where this sharp build can decode them (else refused on decoding). */
const acceptedImageTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);
const pdfSignature = Buffer.from('%PDF-', 'latin1');

export async function sniffContent(data: Buffer): Promise<SniffedContent> {
  if (data.subarray(0, pdfSignature.length).equals(pdfSignature)) return { kind: 'pdf' };
  const detected = await fileTypeFromBuffer(data);
  if (!detected) return { kind: 'other' };
  if (acceptedImageTypes.has(detected.mime)) return { kind: 'image', mime: detected.mime };
  if (detected.mime.startsWith('image/')) return { kind: 'other-image', mime: detected.mime };
  return { kind: 'other' };
}

/**
 * Decoding is the expensive, memory-hungry part; a few at a time per process keeps a burst of big photos from
 * exhausting memory. The rest wait their turn.
 */
const maxConcurrentEncodings = 2;
let runningEncodings = 0;
const waitingEncodings: Array<() => void> = [];

async function inEncodingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (runningEncodings >= maxConcurrentEncodings) await new Promise<void>((resolve) => waitingEncodings.push(resolve));
  runningEncodings += 1;
  try {
    return await work();
  } finally {
    runningEncodings -= 1;
    waitingEncodings.shift()?.();
  }
}

/**
 * A new JPEG made from the pixels only: turned upright by its EXIF orientation, then every piece of metadata
 * (EXIF with GPS position, XMP, IPTC, ICC) left behind, the long side at most 1600 px, quality 82, transparency
 * on white. Bytes sharp cannot decode are the client's problem: 400, never 500.
 */
export async function reencodeImage(data: Buffer, sniffedMime: string): Promise<Buffer> {
  try {
    return await inEncodingSlot(() =>
      sharp(data, { failOn: 'error', limitInputPixels: uploadLimits.imageMaxPixels, sequentialRead: true })
        .autoOrient()
        .resize({
          width: uploadLimits.imageMaxSidePx,
          height: uploadLimits.imageMaxSidePx,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .jpeg({ quality: uploadLimits.imageJpegQuality })
        .toBuffer(),
    );
  } catch (error) {
    throw unreadableImage(error, sniffedMime);
  }
}

function unreadableImage(error: unknown, sniffedMime: string): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(reason)) {
    return domainError('image_too_large', { cause: error });
  }
  if (sniffedMime === 'image/heic' || sniffedMime === 'image/heif') {
    return domainError('image_unreadable', { variant: 'heic', cause: error });
  }
  return domainError('image_unreadable', { cause: error });
}
