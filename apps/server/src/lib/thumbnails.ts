import { IMAGE_MAX_INPUT_PIXELS } from "@flowdeck/shared/images/rules";
import sharp from "sharp";
import { withProcessingSlot } from "./images.ts";

/** The longest side of a document preview; the cards show it at most 36 × 36 rem. */
export const THUMBNAIL_MAX_SIDE = 480;
const THUMBNAIL_QUALITY = 70;
/** Thumbnails kept in memory, by the file's SHA-256: a list of images is previewed again and again. */
const CACHE_LIMIT_BYTES = 32 * 1024 * 1024;

const cache = new Map<string, Buffer | null>();
let cachedBytes = 0;

/**
 * A small WebP of an uploaded image, made on the server, or null when there is none to show:
 * - the size the header declares is checked before a pixel is decoded; an image over
 *   IMAGE_MAX_INPUT_PIXELS (a 389 KB PNG can declare 20,000 × 20,000) gets no preview, and
 *   limitInputPixels guards the decoder should a header understate it;
 * - turned upright, shrunk inside THUMBNAIL_MAX_SIDE, first frame only; sharp writes no metadata
 *   unless asked, so EXIF and GPS positions are gone;
 * - unreadable files get no preview either, never an error page.
 * The original is never sent inline; downloads stay byte-for-byte what was uploaded.
 */
export async function thumbnailOf(file: { sha256: string; content: Buffer }): Promise<Buffer | null> {
  const cached = cache.get(file.sha256);
  if (cached !== undefined) {
    // Most recently used last: the oldest entries leave first.
    cache.delete(file.sha256);
    cache.set(file.sha256, cached);
    return cached;
  }
  const thumbnail = await withProcessingSlot(() => makeThumbnail(file.content));
  remember(file.sha256, thumbnail);
  return thumbnail;
}

async function makeThumbnail(bytes: Buffer): Promise<Buffer | null> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    const frameHeight = metadata.pageHeight ?? metadata.height;
    if (!metadata.width || !frameHeight || metadata.width * frameHeight > IMAGE_MAX_INPUT_PIXELS) return null;
    return await sharp(bytes, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: THUMBNAIL_QUALITY })
      .timeout({ seconds: 10 })
      .toBuffer();
  } catch {
    return null;
  }
}

function remember(key: string, thumbnail: Buffer | null) {
  const size = thumbnail?.length ?? 0;
  if (size > CACHE_LIMIT_BYTES) return;
  cache.set(key, thumbnail);
  cachedBytes += size;
  for (const [oldKey, oldValue] of cache) {
    if (cachedBytes <= CACHE_LIMIT_BYTES) break;
    cache.delete(oldKey);
    cachedBytes -= oldValue?.length ?? 0;
  }
}
