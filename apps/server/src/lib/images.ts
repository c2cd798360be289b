import { AppError } from "@flowdeck/shared";
import { sanitizeFileName } from "@flowdeck/shared/documents/file-types";
import { IMAGE_MESSAGES } from "@flowdeck/shared/images/messages";
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_HEIGHT,
  IMAGE_MAX_INPUT_PIXELS,
  IMAGE_MAX_WIDTH,
  IMAGE_QUALITY,
  type ImageType,
} from "@flowdeck/shared/images/rules";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Sharp } from "sharp";

/** A logo or an avatar as it is stored: re-encoded, inside 300×200, without metadata. */
export type ProcessedImage = {
  contentType: ImageType;
  content: Buffer;
  width: number;
  height: number;
  originalName: string;
  originalSize: number;
  processedSize: number;
};

/** 413 with the specification's text; the error handler shows a 4xx message as it is. */
export class ImageTooLargeError extends Error {
  readonly statusCode = 413;
  constructor() {
    super(IMAGE_MESSAGES.tooLarge);
  }
}

/** What file-type reports for each accepted format. An animated PNG is a PNG. */
const DETECTED_TYPES: Record<string, ImageType> = {
  "image/jpeg": "image/jpeg",
  "image/png": "image/png",
  "image/apng": "image/png",
  "image/gif": "image/gif",
  "image/webp": "image/webp",
};

/** What sharp calls the same formats; both must agree before a byte is decoded. */
const SHARP_FORMATS: Record<string, ImageType> = {
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
};

const QUALITY = Math.round(IMAGE_QUALITY * 100);

/**
 * Checks an uploaded logo or avatar and re-encodes it (spec 5 "Logo and avatar"):
 * - the type comes from the bytes (file-type, then sharp's own reading), never from the name or
 *   the declared type: a PNG named .jpg is stored as the PNG it is; SVG and text are refused;
 * - at most 500 KB; at most 40 megapixels, read from the header before anything is decoded, so
 *   a small file that would decode to a huge bitmap is refused at once;
 * - turned upright from its EXIF orientation, shrunk to fit inside 300×200 (never enlarged),
 *   and written again in its own format at quality 0.7 (JPEG, WebP; PNG is lossless and GIF has
 *   no quality). sharp writes no metadata unless asked, so EXIF (GPS positions, camera serials),
 *   XMP, IPTC and colour profiles are gone; colours are converted to sRGB first.
 * - An animated GIF, WebP or PNG keeps its first frame only: a logo or an avatar is a still, and
 *   every frame would multiply the pixels to decode.
 */
export async function processImage({ bytes, fileName }: { bytes: Buffer; fileName: string }): Promise<ProcessedImage> {
  if (bytes.length === 0) throw invalid(IMAGE_MESSAGES.fileEmpty);
  if (bytes.length > IMAGE_MAX_BYTES) throw new ImageTooLargeError();
  const detected = (await fileTypeFromBuffer(bytes))?.mime;
  const contentType = detected ? DETECTED_TYPES[detected] : undefined;
  if (!contentType) throw invalid(IMAGE_MESSAGES.invalidType);

  const { content, width, height } = await withProcessingSlot(() => reencode(bytes, contentType));
  return {
    contentType,
    content,
    width,
    height,
    originalName: sanitizeFileName(fileName),
    originalSize: bytes.length,
    processedSize: content.length,
  };
}

async function reencode(bytes: Buffer, contentType: ImageType) {
  // Only the header is read here, so no pixel limit yet: the size it states is checked next.
  const metadata = await sharp(bytes, { failOn: "error", limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw invalid(IMAGE_MESSAGES.unreadable);
    });
  if (!metadata.format || SHARP_FORMATS[metadata.format] !== contentType) throw invalid(IMAGE_MESSAGES.invalidType);
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (!metadata.width || !frameHeight) throw invalid(IMAGE_MESSAGES.unreadable);
  if (metadata.width * frameHeight > IMAGE_MAX_INPUT_PIXELS) throw invalid(IMAGE_MESSAGES.tooManyPixels);

  // limitInputPixels guards the decoder too, should a header ever understate the size.
  const pipeline = sharp(bytes, { failOn: "error", limitInputPixels: IMAGE_MAX_INPUT_PIXELS, animated: false })
    .rotate()
    .resize(IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT, { fit: "inside", withoutEnlargement: true })
    .timeout({ seconds: 10 });
  try {
    const { data, info } = await encode(pipeline, contentType).toBuffer({ resolveWithObject: true });
    return { content: data, width: info.width, height: info.height };
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error).message))) throw invalid(IMAGE_MESSAGES.tooManyPixels);
    throw invalid(IMAGE_MESSAGES.unreadable);
  }
}

function encode(pipeline: Sharp, contentType: ImageType): Sharp {
  switch (contentType) {
    case "image/jpeg":
      return pipeline.jpeg({ quality: QUALITY, mozjpeg: true });
    case "image/webp":
      return pipeline.webp({ quality: QUALITY });
    case "image/png":
      return pipeline.png({ compressionLevel: 9 });
    case "image/gif":
      return pipeline.gif();
  }
}

function invalid(message: string) {
  return new AppError("invalid-argument", message, { file: message });
}

// Decoding can take up to 40 megapixels × 4 bytes of memory (a logo), or ~95 MB (a document's
// thumbnail, decision 013): only a few images are processed at once in one server process, the
// others wait their turn.
const MAX_CONCURRENT = 2;
// One libvips thread per image (sharp's default on glibc, not on musl): the memory a streamed
// image holds grows with libvips' threads, and the slots above already run images side by side.
sharp.concurrency(1);
let running = 0;
const waiting: (() => void)[] = [];

export async function withProcessingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_CONCURRENT) running++;
  // A finished one hands its slot straight to the next in line, so the count never overshoots.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** The stored columns of an image, as the API shows them (spec 3 "logoMetadata"). */
export function imageMetadataOf(row: {
  contentType: string;
  width: number;
  height: number;
  originalName: string;
  originalSize: number;
  processedSize: number;
  uploadedAt: Date;
}) {
  return {
    originalName: row.originalName,
    originalSize: row.originalSize,
    processedSize: row.processedSize,
    // The table's check constraint allows only the four image types.
    type: row.contentType as ImageType,
    width: row.width,
    height: row.height,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}
