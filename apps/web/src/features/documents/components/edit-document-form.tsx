import { DOCUMENT_CATEGORIES, type DocumentCategory } from "@flowdeck/shared/documents/file-types";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import { DocumentFormSchema, type DocumentItem } from "@flowdeck/shared/documents/schemas";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { fieldErrorsFromApi, fieldErrorsOf, type FieldErrors } from "@/lib/form-errors.ts";
import { useUpdateDocument } from "../api/update-document.ts";
import { categoryLabel } from "./format.ts";

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
  const [values, setValues] = useState({
    title: document.title,
    description: document.description,
    category: document.category as DocumentCategory,
    tags: document.tags.join(", "),
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = DocumentFormSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    update.mutate(
      { documentId: document.id, changes: parsed.data },
      {
        onSuccess: () => onDone(true),
        onError: (error) => setErrors(fieldErrorsFromApi(error, DOCUMENT_MESSAGES.updateFailed)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Edit document details">
      {errors._ && <Alert tone="error">{errors._}</Alert>}
      <TextField
        label="Title"
        value={values.title}
        error={errors.title}
        maxLength={200}
        onChange={(event) => setValues({ ...values, title: event.target.value })}
      />
      <TextAreaField
        label="Description"
        rows={3}
        limit={2000}
        value={values.description}
        error={errors.description}
        onChange={(event) => setValues({ ...values, description: event.target.value })}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          label="Category"
          value={values.category}
          error={errors.category}
          onChange={(event) => setValues({ ...values, category: event.target.value as DocumentCategory })}
        >
          {DOCUMENT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {categoryLabel(category)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Tags"
          value={values.tags}
          error={errors.tags}
          hint="Separate tags with commas."
          onChange={(event) => setValues({ ...values, tags: event.target.value })}
        />
      </div>
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
