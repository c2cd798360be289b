import type { DocumentItem, UpdateDocumentInput } from "@flowdeck/shared/documents/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { documentKeys, documentPath } from "./document-keys.ts";

export function updateDocument(orgId: string, documentId: string, changes: UpdateDocumentInput) {
  return api<DocumentItem>(documentPath(orgId, documentId), { method: "PATCH", body: changes });
}

export function useUpdateDocument(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, changes }: { documentId: string; changes: UpdateDocumentInput }) =>
      updateDocument(orgId, documentId, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all(orgId) }),
  });
}
