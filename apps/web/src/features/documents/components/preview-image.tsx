import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import { ImageOff } from "lucide-react";
import { useState, type ImgHTMLAttributes } from "react";

/**
 * A document's server-made thumbnail. When the server has none to give (an image too large to
 * decode safely, or unreadable), a plain "no preview" note stands in for a broken image.
 */
export function PreviewImage({ className, ...image }: ImgHTMLAttributes<HTMLImageElement> & { src: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === image.src) {
    return (
      <div
        role="img"
        aria-label={DOCUMENT_MESSAGES.noPreview}
        className={`flex items-center justify-center gap-2 text-sm text-gray-500 dark:text-gray-400 ${className ?? ""}`}
      >
        <ImageOff aria-hidden="true" className="size-4" />
        {DOCUMENT_MESSAGES.noPreview}
      </div>
    );
  }
  return <img {...image} className={className} onError={() => setFailedSrc(image.src)} />;
}
