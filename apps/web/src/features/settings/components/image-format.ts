import type { ImageMetadata } from "@flowdeck/shared/images/schemas";
import { formatBytes } from "@/lib/format-bytes.ts";

/** "PNG · 300×100 · 12 KB (uploaded 45 KB)": what the server stored. */
export function describeStoredImage(metadata: ImageMetadata): string {
  const format = metadata.type.replace("image/", "").toUpperCase();
  return `${format} · ${metadata.width}×${metadata.height} · ${formatBytes(metadata.processedSize)} (uploaded ${formatBytes(metadata.originalSize)})`;
}
