import { limits } from '@fragtbud/contracts';

export interface DownscaleOptions {
  /** Spec section 9: 1600 px. */
  maxWidth?: number;
  /** Spec section 9: JPEG quality 0.82. */
  quality?: number;
}

interface DecodedImage {
  source: CanvasImageSource;
  width: number;
  height: number;
  release: () => void;
}

async function decodeImage(file: Blob): Promise<DecodedImage> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    await image.decode();
    return { source: image, width: image.naturalWidth, height: image.naturalHeight, release: () => URL.revokeObjectURL(url) };
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
}

/**
 * Scales a photo down in the browser to at most `maxWidth` pixels wide (never up) and re-encodes it as JPEG,
 * so a 12-megapixel phone photo leaves the device as a few hundred kilobytes.
 */
export async function downscaleImage(file: Blob, options: DownscaleOptions = {}): Promise<Blob> {
  const { maxWidth = limits.photoMaxWidthPx, quality = limits.photoJpegQuality } = options;
  const image = await decodeImage(file);
  try {
    const scale = Math.min(1, maxWidth / image.width);
    const width = Math.max(1, Math.round(image.width * scale));
    const height = Math.max(1, Math.round(image.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas 2D is not available');
    // JPEG has no transparency: paint white first, or a transparent PNG turns black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image.source, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the image'))), 'image/jpeg', quality);
    });
  } finally {
    image.release();
  }
}

export interface PreparedImage {
  blob: Blob;
  filename: string;
}

function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '').trim() || 'billede';
  return `${base}.jpg`;
}

/**
 * The photo as it is uploaded: downscaled JPEG when the browser can decode it; otherwise the original file,
 * which the server checks by its bytes and re-encodes (or refuses) itself.
 */
export async function prepareImageForUpload(file: File, options?: DownscaleOptions): Promise<PreparedImage> {
  try {
    return { blob: await downscaleImage(file, options), filename: jpegName(file.name) };
  } catch {
    return { blob: file, filename: file.name || 'billede' };
  }
}
