import { IMAGE_MESSAGES } from "./messages.ts";

/**
 * Logos and avatars (spec 5 "Logo and avatar", spec 9): JPEG, PNG, GIF or WebP, at most 500 KB,
 * re-encoded on the server to fit inside 300×200 at quality 0.7. The web app uses the same
 * numbers for its early checks; the server decides from the file's bytes.
 */

/** 500 KB, exactly: a file of 512,000 bytes is accepted, one byte more is refused. */
export const IMAGE_MAX_BYTES = 500 * 1024;

/** The box every stored image fits inside; smaller images are never enlarged. */
export const IMAGE_MAX_WIDTH = 300;
export const IMAGE_MAX_HEIGHT = 200;

/** Spec 9's 0.7, for the formats that have a quality setting (JPEG and WebP). */
export const IMAGE_QUALITY = 0.7;

/**
 * A small file can still decode to a huge bitmap (a "decompression bomb"): anything above
 * 40 megapixels (8000×5000) is refused before it is decoded. 500 KB never holds a real photo
 * that large.
 */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;

/** The stored and served content types, as the server recognises them from the bytes. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "webp"] as const;

/** What the file picker offers; the server still checks every file's content. */
export const IMAGE_ACCEPT = [...IMAGE_TYPES, ...IMAGE_EXTENSIONS.map((extension) => `.${extension}`)].join(",");

export function isImageType(value: string): value is ImageType {
  return (IMAGE_TYPES as readonly string[]).includes(value);
}

/**
 * The browser's early check of a chosen file, for a friendly message before uploading: its size,
 * and its declared type (else its extension). The server still decides from the content.
 */
export function checkImageFile(file: { name: string; type: string; size: number }): string | undefined {
  if (file.size === 0) return IMAGE_MESSAGES.fileEmpty;
  if (!looksLikeAllowedImage(file)) return IMAGE_MESSAGES.invalidType;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_MESSAGES.tooLarge;
  return undefined;
}

function looksLikeAllowedImage(file: { name: string; type: string }): boolean {
  if (file.type) return isImageType(file.type.toLowerCase());
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
}
