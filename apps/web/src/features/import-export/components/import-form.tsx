import type { ImportPreview } from "@flowdeck/shared/import-export/schemas";
import { MAX_IMPORT_BYTES } from "@flowdeck/shared/import-export/schemas";
import { IMPORT_EXPORT_MESSAGES } from "@flowdeck/shared/import-export/messages";
import { Eye, FileUp, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { useApplyImport, usePreviewImport } from "../api/import-organization.ts";
import { importHeadings, ImportPreviewView } from "./import-preview.tsx";

const ACCEPT = ".yaml,.yml,text/yaml,application/yaml,application/x-yaml";

/** The confirmation's question: what the import does, and that it deletes nothing. */
export function applyQuestion(preview: ImportPreview) {
  return `Apply the import? It creates ${preview.create.length} and changes ${preview.update.length}; nothing is deleted.`;
}

/**
 * The import: a file chosen or YAML pasted, a preview (the dry run), then Apply after a
 * confirmation. The preview belongs to the text it was made of: editing the text drops it, so
 * Apply always sends what was previewed.
 */
export function ImportForm({ orgId }: { orgId: string }) {
  const [text, setText] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const preview = usePreviewImport(orgId);
  const apply = useApplyImport(orgId);

  const changeText = (next: string) => {
    setText(next);
    preview.reset();
    apply.reset();
  };

  const chooseFile = async (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setFileError(IMPORT_EXPORT_MESSAGES.fileTooLarge(MAX_IMPORT_BYTES / 1024 / 1024));
      return;
    }
    changeText(await file.text());
  };

  const shown = preview.data;
  const canApply = !!shown && shown.errors.length === 0 && shown.create.length + shown.update.length > 0;
  const result = apply.data;

  return (
    <div className="space-y-4">
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        aria-label="YAML file to import"
        className="hidden"
        onChange={(event) => {
          void chooseFile(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => input.current?.click()}>
          <FileUp aria-hidden="true" className="size-4" />
          Choose a file
        </Button>
        <span className="text-sm text-gray-600 dark:text-gray-400">or paste the YAML below.</span>
      </div>
      {fileError && <Alert tone="error">{fileError}</Alert>}
      <TextAreaField
        label="YAML document"
        monospace
        rows={12}
        spellCheck={false}
        value={text}
        onChange={(event) => changeText(event.target.value)}
        hint="The file Export gives: version, commands, workflows and notificationRules."
        className="[&_textarea]:min-h-48"
      />
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => preview.mutate(text)}
          busy={preview.isPending}
          disabled={text.trim() === "" || apply.isPending}
        >
          <Eye aria-hidden="true" className="size-4" />
          {preview.isPending ? "Checking…" : "Preview"}
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(true)} disabled={!canApply || apply.isPending}>
          <Upload aria-hidden="true" className="size-4" />
          Apply
        </Button>
      </div>
      {preview.isError && <Alert tone="error">{preview.error.message}</Alert>}
      {apply.isError && <Alert tone="error">{apply.error.message}</Alert>}
      {result?.applied ? (
        <section aria-labelledby="import-result" className="space-y-4">
          <Alert tone="success">
            <h3 id="import-result" className="font-semibold">
              Imported: {importHeadings(result).create}, {importHeadings(result).update}.
            </h3>
          </Alert>
          <ImportPreviewView preview={result} idPrefix="import-result" />
        </section>
      ) : result ? (
        <ImportPreviewView preview={result} idPrefix="import-result" />
      ) : (
        shown && (
          <section aria-labelledby="import-preview" className="space-y-4">
            <h3 id="import-preview" className="text-lg font-semibold">
              Preview
            </h3>
            <ImportPreviewView preview={shown} idPrefix="import-preview" />
          </section>
        )
      )}
      <ConfirmDialog
        open={confirming && !!shown}
        title="Apply the import"
        message={shown ? applyQuestion(shown) : ""}
        confirmLabel="Apply"
        busy={apply.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          apply.mutate(text, {
            onSettled: () => setConfirming(false),
            onSuccess: (answer) => answer.applied && preview.reset(),
          })
        }
      />
    </div>
  );
}
