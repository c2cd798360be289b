import { categoryForFileName, fileBaseName } from "@flowdeck/shared/documents/file-types";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import { DocumentFormSchema, type DocumentItem } from "@flowdeck/shared/documents/schemas";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { useIntent } from "@/lib/idempotency-key.ts";
import { useZodForm } from "@/lib/use-zod-form.ts";
import { useUploadDocument } from "../api/upload-document.ts";
import { checkSelectedFile } from "./check-file.ts";
import { DocumentDetailsFields } from "./document-details-fields.tsx";
import { FileDropZone } from "./file-drop-zone.tsx";

const EMPTY = { title: "", description: "", category: "general", tags: "" } as const;
const UNEDITED = { title: false, category: false };

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
  const form = useZodForm(DocumentFormSchema, { defaultValues: EMPTY });
  const { attach: attachForm } = form;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  // Once the person types a title or picks a category, a new file no longer replaces it.
  const [edited, setEdited] = useState(UNEDITED);

  const reset = () => {
    setFile(null);
    form.reset(EMPTY);
    setEdited(UNEDITED);
    setFileError(undefined);
    upload.reset();
  };

  const close = () => {
    if (upload.isPending) return;
    reset();
    onClose();
  };

  const chooseFile = (next: File | null) => {
    setFile(next);
    setFileError(next ? checkSelectedFile(next) : undefined);
    if (!next) return;
    if (!edited.title) form.setValue("title", fileBaseName(next.name));
    if (!edited.category) form.setValue("category", categoryForFileName(next.name));
  };

  // The file is checked with the fields, so every problem shows at once.
  const submit = (event: FormEvent) => {
    const problem = checkSelectedFile(file);
    setFileError(problem);
    form.submit((details) => {
      if (problem || !file) return;
      const values = { ...details, tags: details.tags.join(", ") };
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
            // A 413 names no field, and a refused file is the file's: both messages belong beside it.
            if (error instanceof ApiError && (error.status === 413 || error.fields.file)) {
              return setFileError(error.fields.file ?? error.message);
            }
            form.showServerError(error, DOCUMENT_MESSAGES.uploadFailed);
          },
        },
      );
    })(event);
  };

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
      <form id="upload-document-form" ref={attachForm} onSubmit={submit} noValidate className="space-y-4">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <FileDropZone
          label="Choose a file"
          file={file}
          onFile={chooseFile}
          error={fileError}
          disabled={upload.isPending}
        />
        <DocumentDetailsFields
          form={form}
          categoryHint="Set from the file's extension; change it if you like."
          tagsPlaceholder="policy, onboarding"
          onEdited={(field) => setEdited((current) => ({ ...current, [field]: true }))}
        />
      </form>
    </Modal>
  );
}
