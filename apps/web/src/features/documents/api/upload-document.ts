import type { DocumentItem } from "@flowdeck/shared/documents/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency-key.ts";
import { fileForm, uploadForm } from "@/lib/upload-form.ts";
import { documentKeys, documentPath, documentsPath } from "./document-keys.ts";

export type UploadDocumentInput = { file: File; title: string; description: string; category: string; tags: string };
/** One key per intended upload (lib/idempotency-key.ts): a retried upload is made once. */
type Keyed = { idempotencyKey: string };

/** POST .../documents: the file last, so the server has read the fields when the file arrives. */
export function uploadDocument(orgId: string, input: UploadDocumentInput & Keyed) {
  const form = new FormData();
  form.set("title", input.title);
  form.set("description", input.description);
  form.set("category", input.category);
  form.set("tags", input.tags);
  form.set("file", input.file, input.file.name);
  return uploadForm<DocumentItem>(documentsPath(orgId), form, {
    headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey },
  });
}

export function useUploadDocument(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadDocumentInput & Keyed) => uploadDocument(orgId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all(orgId) }),
  });
}

/** POST .../documents/:id/versions: the file becomes the current version; earlier ones stay. */
export function uploadDocumentVersion(orgId: string, documentId: string, file: File, { idempotencyKey }: Keyed) {
  return uploadForm<DocumentItem>(documentPath(orgId, documentId, "/versions"), fileForm(file), {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function useUploadDocumentVersion(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, file, idempotencyKey }: { documentId: string; file: File } & Keyed) =>
      uploadDocumentVersion(orgId, documentId, file, { idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all(orgId) }),
  });
}
