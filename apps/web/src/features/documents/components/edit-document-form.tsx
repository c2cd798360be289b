import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import { DocumentFormSchema, type DocumentItem } from "@flowdeck/shared/documents/schemas";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { useZodForm } from "@/lib/use-zod-form.ts";
import { useUpdateDocument } from "../api/update-document.ts";
import { DocumentDetailsFields } from "./document-details-fields.tsx";

/** Edits a document's details (title, description, category, tags); the file changes by version. */
export function EditDocumentForm({
  orgId,
  document,
  onDone,
}: {
  orgId: string;
  document: DocumentItem;
  onDone: (saved: boolean) => void;
}) {
  const update = useUpdateDocument(orgId);
  const form = useZodForm(DocumentFormSchema, {
    defaultValues: {
      title: document.title,
      description: document.description,
      category: document.category,
      tags: document.tags.join(", "),
    },
  });
  const { attach: attachForm } = form;

  const submit = form.submit((changes) =>
    update.mutate(
      { documentId: document.id, changes },
      {
        onSuccess: () => onDone(true),
        onError: (error) => form.showServerError(error, DOCUMENT_MESSAGES.updateFailed),
      },
    ),
  );

  return (
    <form ref={attachForm} onSubmit={submit} noValidate className="space-y-4" aria-label="Edit document details">
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <DocumentDetailsFields form={form} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onDone(false)} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={update.isPending}>
          {update.isPending ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </form>
  );
}
