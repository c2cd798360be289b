import { checkImageFile } from "@flowdeck/shared/images/rules";
import { useEffect, useRef, useState } from "react";

export type ImageChoice = { file: File; previewUrl: string };

/**
 * The image a person picked and has not uploaded yet, with a local preview URL. The browser's
 * early checks (size, type) run first: a refused file gets a message and no preview.
 */
export function useImageChoice() {
  const [choice, setChoice] = useState<ImageChoice | null>(null);
  const [error, setError] = useState<string | undefined>();
  const current = useRef<ImageChoice | null>(null);

  const replace = (next: ImageChoice | null) => {
    if (current.current) URL.revokeObjectURL(current.current.previewUrl);
    current.current = next;
    setChoice(next);
  };

  // The preview URL holds the file in memory until it is revoked.
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current.previewUrl);
    },
    [],
  );

  return {
    choice,
    error,
    setError,
    choose(file: File | null | undefined) {
      if (!file) return;
      const refusal = checkImageFile(file);
      setError(refusal);
      replace(refusal ? null : { file, previewUrl: URL.createObjectURL(file) });
    },
    clear() {
      setError(undefined);
      replace(null);
    },
  };
}
