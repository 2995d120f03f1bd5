import { IMAGE_MESSAGES } from '#shared/product-form';
import { LIMITS } from '#shared/limits';

/** Photos are shrunk in the browser before upload: long side at most this many pixels. */
export const MAX_SIDE = 1600;
/** Originals larger than this are not even decoded (a low-end phone would run out of memory). */
export const MAX_ORIGINAL_BYTES = 25 * 1024 * 1024;

export class UploadError extends Error {}

/** The pixel size after shrinking: the long side at most MAX_SIDE, proportions kept. */
export function targetSize(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const encode = (canvas: HTMLCanvasElement, type: string, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/**
 * Redraws the photo at most MAX_SIDE wide or tall as WebP (JPEG where the browser cannot encode
 * WebP). Redrawing keeps only pixels: EXIF, GPS position and other metadata are gone.
 */
export async function shrinkPhoto(file: File): Promise<Blob> {
  if (!file.type.startsWith('image/')) throw new UploadError(IMAGE_MESSAGES.notAnImage);
  if (file.size > MAX_ORIGINAL_BYTES) throw new UploadError(IMAGE_MESSAGES.tooLarge);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new UploadError(IMAGE_MESSAGES.notAnImage);
  }
  const { width, height } = targetSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new UploadError('Tu navegador no pudo procesar la imagen');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  let blob = await encode(canvas, 'image/webp', 0.82);
  if (blob?.type !== 'image/webp') blob = await encode(canvas, 'image/jpeg', 0.85);
  if (!blob) throw new UploadError('Tu navegador no pudo procesar la imagen');
  if (blob.size > LIMITS.imageMaxBytes) throw new UploadError(IMAGE_MESSAGES.tooLarge);
  return blob;
}

/** POSTs the form with XMLHttpRequest, the one browser API that reports upload progress. */
export function postForm(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(new UploadError(`el almacenamiento respondió ${xhr.status}`));
    xhr.onerror = () => reject(new UploadError('sin conexión'));
    xhr.send(form);
  });
}
