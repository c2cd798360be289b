import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { documentKeys, documentPath } from "./document-keys.ts";

export function deleteDocument(orgId: string, documentId: string) {
  return api<void>(documentPath(orgId, documentId), { method: "DELETE" });
}

export function useDeleteDocument(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => deleteDocument(orgId, documentId),
    onSuccess: (_result, documentId) => {
      queryClient.removeQueries({ queryKey: documentKeys.detail(orgId, documentId) });
      return queryClient.invalidateQueries({ queryKey: documentKeys.all(orgId) });
    },
  });
}
