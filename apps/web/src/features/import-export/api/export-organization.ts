import { useMutation } from "@tanstack/react-query";
import { fetchFile, saveFile } from "@/lib/download-file.ts";
import { orgPath } from "@/lib/org-api.ts";

/** The name the export is saved under, as the server's attachment names it. */
export const EXPORT_FILE_NAME = "flowdeck.yaml";

/**
 * Downloads the organization's YAML document (GET /export). Fetched rather than linked, so a
 * refusal (two commands of one name) is shown on the page instead of saved as the file.
 */
export function useExportOrganization(orgId: string) {
  return useMutation({
    mutationFn: async () => saveFile(await fetchFile(orgPath(orgId, "export")), EXPORT_FILE_NAME),
    retry: false,
  });
}
