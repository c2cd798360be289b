import {
  DOCUMENT_CATEGORIES,
  categoryForFileName,
  fileBaseName,
  type DocumentCategory,
} from "@flowdeck/shared/documents/file-types";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import { DocumentFormSchema, type DocumentItem } from "@flowdeck/shared/documents/schemas";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { fieldErrorsFromApi, fieldErrorsOf, type FieldErrors } from "@/lib/form-errors.ts";
import { useUploadDocument } from "../api/upload-document.ts";
import { checkSelectedFile } from "./check-file.ts";
import { FileDropZone } from "./file-drop-zone.tsx";
import { categoryLabel } from "./format.ts";
import { useIntent } from "@/lib/idempotency-key.ts";

type Values = { title: string; description: string; category: DocumentCategory; tags: string };

const EMPTY: Values = { title: "", description: "", category: "general", tags: "" };

/** Spec 5 "Document upload", as a modal: a file (picked or dropped), a title and the details. */
export function UploadDocumentModal({
  orgId,
  open,
  onClose,
  onUploaded,
}: {
  orgId: string;
  open: boolean;
  onClose: () => void;
  onUploaded: (document: DocumentItem) => void;
}) {
  const upload = useUploadDocument(orgId);
  const uploadIntent = useIntent();
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  // Once the person types a title or picks a category, a new file no longer replaces it.
  const [edited, setEdited] = useState({ title: false, category: false });
  const [errors, setErrors] = useState<FieldErrors>({});

  const reset = () => {
    setFile(null);
    setValues(EMPTY);
    setEdited({ title: false, category: false });
    setErrors({});
    upload.reset();
  };

  const close = () => {
    if (upload.isPending) return;
    reset();
    onClose();
  };

  const chooseFile = (next: File | null) => {
    setFile(next);
    const problem = next ? checkSelectedFile(next) : undefined;
    setErrors((current) => {
      const rest = { ...current };
      delete rest.file;
      return problem ? { ...rest, file: problem } : rest;
    });
    if (!next) return;
    setValues((current) => ({
      ...current,
      title: edited.title ? current.title : fileBaseName(next.name),
      category: edited.category ? current.category : categoryForFileName(next.name),
    }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    const fileError = checkSelectedFile(file);
    if (fileError) found.file = fileError;
    const parsed = DocumentFormSchema.safeParse(values);
    if (!parsed.success) Object.assign(found, fieldErrorsOf(parsed.error));
    if (Object.keys(found).length > 0 || !file) return setErrors(found);
    setErrors({});
    const idempotencyKey = uploadIntent.begin({ file: [file.name, file.size, file.lastModified], ...values });
    if (!idempotencyKey) return;
    upload.mutate(
      { file, ...values, idempotencyKey },
      {
        onSettled: (_document, error) => uploadIntent.end(!error),
        onSuccess: (document) => {
          reset();
          onUploaded(document);
        },
        onError: (error) => {
          // A 413 names no field; the size message belongs beside the file.
          if (error instanceof ApiError && error.status === 413) return setErrors({ file: error.message });
          setErrors(fieldErrorsFromApi(error, DOCUMENT_MESSAGES.uploadFailed));
        },
      },
    );
  };

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  return (
    <Modal
      open={open}
      onClose={close}
      title="Upload document"
      description="Share a file with everyone in your organization."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="upload-document-form" busy={upload.isPending}>
            {upload.isPending ? "Uploading..." : "Upload"}
          </Button>
        </>
      }
    >
      <form id="upload-document-form" onSubmit={submit} noValidate className="space-y-4">
        {errors._ && <Alert tone="error">{errors._}</Alert>}
        <FileDropZone
          label="Choose a file"
          file={file}
          onFile={chooseFile}
          error={errors.file}
          disabled={upload.isPending}
        />
        <TextField
          label="Title"
          value={values.title}
          error={errors.title}
          maxLength={200}
          onChange={(event) => {
            set("title", event.target.value);
            setEdited((current) => ({ ...current, title: true }));
          }}
        />
        <TextAreaField
          label="Description"
          rows={3}
          limit={2000}
          value={values.description}
          error={errors.description}
          onChange={(event) => set("description", event.target.value)}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField
            label="Category"
            value={values.category}
            error={errors.category}
            hint="Set from the file's extension; change it if you like."
            onChange={(event) => {
              set("category", event.target.value as DocumentCategory);
              setEdited((current) => ({ ...current, category: true }));
            }}
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
            placeholder="policy, onboarding"
            onChange={(event) => set("tags", event.target.value)}
          />
        </div>
      </form>
    </Modal>
  );
}
