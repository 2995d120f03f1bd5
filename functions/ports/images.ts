/** The product images bucket, as publishing needs it. */
export interface PresignedUpload {
  /** Where the browser POSTs the form. */
  url: string;
  /** Form fields to send before the file (policy, signature, key, Content-Type). */
  fields: Record<string, string>;
}

/** Downloads a photo a seller gave by URL (public https addresses only, size-capped). */
export interface RemoteImageFetcher {
  fetch(url: string): Promise<Buffer>;
}

export interface ImageStore {
  /** A presigned POST whose policy fixes the key, the content type and the size range. */
  presignUpload(
    key: string,
    contentType: string,
    maxBytes: number,
    expiresSeconds: number,
  ): Promise<PresignedUpload>;
  /** Size of an object, or null when it does not exist. */
  size(key: string): Promise<number | null>;
  /** The first `bytes` bytes of an object. */
  readStart(key: string, bytes: number): Promise<Buffer>;
  /** `immutable`: a published image, kept by browsers and CloudFront for a year (never changes). */
  put(key: string, bytes: Buffer, contentType: string, options?: { immutable?: boolean }): Promise<void>;
  delete(keys: string[]): Promise<void>;
}
