import { YAML_CONTENT_TYPES, type ImportPreview, ImportPreviewSchema } from "@flowdeck/shared/import-export/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/api-client.ts";
import { orgKey, orgPath } from "@/lib/org-api.ts";

/**
 * POST /import with the YAML document. A refusal that read the document (400 with its errors,
 * each on its line) is a preview too: it is returned, not thrown, so the page lists the lines.
 */
export async function importOrganization(orgId: string, text: string, dryRun: boolean): Promise<ImportPreview> {
  try {
    return await api<ImportPreview>(orgPath(orgId, `import?dryRun=${dryRun}`), {
      method: "POST",
      raw: { text, contentType: YAML_CONTENT_TYPES[0] },
    });
  } catch (error) {
    const refused = error instanceof ApiError && error.status === 400 && ImportPreviewSchema.safeParse(error.body);
    if (refused && refused.success) return refused.data;
    throw error;
  }
}

/** The dry run: what the document would create and change, nothing written. */
export function usePreviewImport(orgId: string) {
  return useMutation({
    mutationFn: (text: string) => importOrganization(orgId, text, true),
  });
}

/** The import itself, in one transaction; every list of the organization may have changed. */
export function useApplyImport(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => importOrganization(orgId, text, false),
    // Not retried: the answer to a second attempt would say "unchanged" about what the first did.
    retry: false,
    onSuccess: (result) => {
      if (result.applied) return queryClient.invalidateQueries({ queryKey: orgKey(orgId) });
    },
  });
}
