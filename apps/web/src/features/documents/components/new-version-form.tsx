import { fileExtension } from "@flowdeck/shared/documents/file-types";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import { Alert } from "@/components/ui/alert.tsx";
import type { DocumentItem } from "@flowdeck/shared/documents/schemas";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { fieldErrorsFromApi } from "@/lib/form-errors.ts";
import { useUploadDocumentVersion } from "../api/upload-document.ts";
import { checkSelectedFile } from "./check-file.ts";
import { FileDropZone } from "./file-drop-zone.tsx";
import { useIntent } from "@/lib/idempotency-key.ts";

/** Spec 4 "Documents": a new file becomes version N + 1; the earlier versions stay listed. */
export function NewVersionForm({
  orgId,
  documentId,
  currentFileName,
  onUploaded,
}: {
  orgId: string;
  documentId: string;
  /** The current version's file name: a new file of another type is pointed out before upload. */
  currentFileName: string;
  onUploaded: (document: DocumentItem) => void;
}) {
  const upload = useUploadDocumentVersion(orgId);
  const uploadIntent = useIntent();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();

  const choose = (next: File | null) => {
    setFile(next);
    setError(next ? checkSelectedFile(next) : undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkSelectedFile(file);
    if (problem || !file) return setError(problem);
    const idempotencyKey = uploadIntent.begin({ documentId, file: [file.name, file.size, file.lastModified] });
    if (!idempotencyKey) return;
    upload.mutate(
      { documentId, file, idempotencyKey },
      {
        onSettled: (_document, error) => uploadIntent.end(!error),
        onSuccess: (document) => {
          setFile(null);
          setError(undefined);
          onUploaded(document);
        },
        onError: (failure) => {
          const fields = fieldErrorsFromApi(failure, DOCUMENT_MESSAGES.uploadFailed);
          setError(fields.file ?? fields._ ?? Object.values(fields)[0]);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Upload new version">
      <FileDropZone label="Choose the new file" file={file} onFile={choose} error={error} disabled={upload.isPending} />
      {file && !error && changesType(currentFileName, file.name) && (
        <Alert tone="info" title="The document changes type">
          The current version is {typeName(currentFileName)}; {file.name} is {typeName(file.name)}. Uploading makes the
          document {typeName(file.name)} from now on (earlier versions stay as they were).
        </Alert>
      )}
      <div className="flex justify-end">
        <Button type="submit" busy={upload.isPending} disabled={!file}>
          {upload.isPending ? "Uploading..." : "Upload new version"}
        </Button>
      </div>
    </form>
  );
}

function changesType(current: string, next: string): boolean {
  return fileExtension(current).toLowerCase() !== fileExtension(next).toLowerCase();
}

/** "a .pdf file", "a file without an extension". */
function typeName(fileName: string): string {
  const extension = fileExtension(fileName).toLowerCase();
  return extension ? `a .${extension} file` : "a file without an extension";
}
