import sharp, { type Metadata } from "sharp";
import { withProcessingSlot } from "./images.ts";

/** The longest side of a document preview; the cards show it at most 36 × 36 rem. */
export const THUMBNAIL_MAX_SIDE = 480;
const THUMBNAIL_QUALITY = 70;
/** Thumbnails kept in memory, by the file's SHA-256: a list of images is previewed again and again. */
const CACHE_LIMIT_BYTES = 32 * 1024 * 1024;

const cache = new Map<string, Buffer | null>();
let cachedBytes = 0;

/**
 * What a preview may cost to decode (decision 013, measured there): above these there is no preview.
 * PNG, JPEG and WebP are read line by line (sequentialRead) and shrunk as they stream, so their time
 * follows the bytes decoded at full size and their memory the bytes of one decoded row (about 2,000
 * rows are in flight); JPEG and WebP shrink on load, by up to 8 at once. A 389 KB PNG declaring
 * 20,000 × 20,000 pixels (one byte each) is within them; GIF frames are decoded whole, 4 bytes a
 * pixel, so GIFs keep a lower limit.
 */
export const PREVIEW_LIMITS = {
  /** The hard limit, whatever the format; the decoder is told it too, should a header lie. */
  pixels: 400_000_000,
  /** Width × height × channels × bytes per sample at full size: ~1.5 s of one core at worst. */
  decodedBytes: 400_000_000,
  /** Width × channels × bytes per sample of one row of a PNG: ~80 MB in flight at worst. */
  pngRowBytes: 40_000,
  /** A GIF frame is decoded whole: ~95 MB at 16 megapixels (4,000 × 4,000). */
  gifPixels: 16_000_000,
} as const;

/**
 * A small WebP of an uploaded image, made on the server, or null when there is none to show:
 * - the size the header declares is checked against PREVIEW_LIMITS before a pixel is decoded;
 *   limitInputPixels guards the decoder should a header understate it;
 * - turned upright, shrunk inside THUMBNAIL_MAX_SIDE as it is read, first frame only; sharp
 *   writes no metadata unless asked, so EXIF and GPS positions are gone;
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
    // Only the header is read here, so no pixel limit yet: the size it states is checked next.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!withinPreviewLimits(metadata)) return null;
    return await sharp(bytes, { limitInputPixels: PREVIEW_LIMITS.pixels, animated: false, sequentialRead: true })
      .rotate()
      .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, {
        fit: "inside",
        withoutEnlargement: true,
        fastShrinkOnLoad: true,
      })
      .webp({ quality: THUMBNAIL_QUALITY })
      .timeout({ seconds: 10 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** Bytes a decoded sample takes, by libvips format; PNG, JPEG, GIF and WebP decode to 8 or 16 bits. */
const SAMPLE_BYTES: Partial<Record<string, number>> = { uchar: 1, char: 1, ushort: 2, short: 2 };

export function withinPreviewLimits(metadata: Metadata): boolean {
  const { width, format, channels } = metadata;
  const height = metadata.pageHeight ?? metadata.height;
  if (!width || !height || !channels) return false;
  const pixels = width * height;
  const sampleBytes = SAMPLE_BYTES[metadata.depth] ?? 8;
  const pixelBytes = channels * sampleBytes;
  if (pixels > PREVIEW_LIMITS.pixels || pixels * pixelBytes > PREVIEW_LIMITS.decodedBytes) return false;
  if (format === "png" && width * pixelBytes > PREVIEW_LIMITS.pngRowBytes) return false;
  if (format === "gif" && pixels > PREVIEW_LIMITS.gifPixels) return false;
  return true;
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
