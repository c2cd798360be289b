import { z } from "zod";
import { IMAGE_TYPES } from "./rules.ts";

/** Spec 3 "logoMetadata" (and the avatar's): what was uploaded and what was stored. */
export const ImageMetadataSchema = z.object({
  originalName: z.string(),
  /** Bytes as uploaded. */
  originalSize: z.number().int(),
  /** Bytes as stored, after re-encoding. */
  processedSize: z.number().int(),
  type: z.enum(IMAGE_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  uploadedAt: z.iso.datetime(),
});
export type ImageMetadata = z.infer<typeof ImageMetadataSchema>;
