/**
 * What an uploaded file really is, from its bytes (never from its name or declared type): JPEG,
 * PNG or WebP, with its pixel size read from the header. Anything else is not an image here.
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface ImageInfo {
  type: ImageType;
  width: number;
  height: number;
}

/** Bytes the inspection needs at most (JPEG's frame header can follow large EXIF blocks). */
export const INSPECT_BYTES = 256 * 1024;

export const EXTENSION: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');

function png(b: Buffer): ImageInfo | null {
  // Signature, then the IHDR chunk: length(4) 'IHDR' width(4) height(4).
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.readUInt32BE(4) !== 0x0d0a1a0a) return null;
  if (ascii(b, 12, 16) !== 'IHDR') return null;
  return { type: 'image/png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function webp(b: Buffer): ImageInfo | null {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 12) !== 'WEBP') return null;
  const chunk = ascii(b, 12, 16);
  if (chunk === 'VP8 ') {
    // Key frame start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { type: 'image/webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    const width = 1 + (b[24] | (b[25] << 8) | (b[26] << 16));
    const height = 1 + (b[27] | (b[28] << 8) | (b[29] << 16));
    return { type: 'image/webp', width, height };
  }
  return null;
}

/** Start-of-frame markers carry the size (all SOFn except DHT C4, JPG C8 and DAC CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(b: Buffer): ImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    if (length < 2) return null;
    if (SOF.has(marker))
      return { type: 'image/jpeg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    if (marker === 0xda || marker === 0xd9) return null; // image data before any frame header
    i += 2 + length;
  }
  return null;
}

export function inspectImage(bytes: Buffer): ImageInfo | null {
  const info = png(bytes) ?? webp(bytes) ?? jpeg(bytes);
  if (!info || info.width < 1 || info.height < 1) return null;
  return info;
}
