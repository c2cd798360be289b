import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchFile, saveFile } from "@/lib/download-file.ts";
import { documentKeys, documentPath } from "./document-keys.ts";

export type DownloadTarget = { documentId: string; fileName: string; version?: number };

/**
 * Fetches the file and hands it to the browser as a download, so a failure can be shown in the
 * page ('Failed to download document') instead of an error page. Files are at most 1 MB.
 */
export async function downloadDocument(orgId: string, { documentId, fileName, version }: DownloadTarget) {
  const path = documentPath(orgId, documentId, version ? `/versions/${version}/download` : "/download");
  saveFile(await fetchFile(path), fileName);
}

export function useDownloadDocument(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: DownloadTarget) => downloadDocument(orgId, target),
    // Not retried: a second attempt would count a second download.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all(orgId) }),
  });
}
