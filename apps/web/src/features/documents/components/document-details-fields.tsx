import { DOCUMENT_CATEGORIES } from "@flowdeck/shared/documents/file-types";
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH, type DocumentFormSchema } from "@flowdeck/shared/documents/schemas";
import type { z } from "zod";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import type { ZodForm } from "@/lib/use-zod-form.ts";
import { categoryLabel } from "./format.ts";

export type DocumentForm = ZodForm<z.input<typeof DocumentFormSchema>, z.output<typeof DocumentFormSchema>>;

/**
 * A document's details, as the upload and the edit form both ask for them: title, description,
 * category and tags. `onEdited` hears which of title and category the person changed.
 */
export function DocumentDetailsFields({
  form,
  categoryHint,
  tagsPlaceholder,
  onEdited,
}: {
  form: DocumentForm;
  categoryHint?: string;
  tagsPlaceholder?: string;
  onEdited?: (field: "title" | "category") => void;
}) {
  const tags = form.watch("tags");
  return (
    <>
      <TextField
        label="Title"
        error={form.errorOf("title")}
        limit={MAX_TITLE_LENGTH}
        value={form.watch("title")}
        {...form.register("title", { onChange: () => onEdited?.("title") })}
      />
      <TextAreaField
        label="Description"
        rows={3}
        limit={MAX_DESCRIPTION_LENGTH}
        value={form.watch("description")}
        error={form.errorOf("description")}
        {...form.register("description")}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          label="Category"
          error={form.errorOf("category")}
          hint={categoryHint}
          {...form.register("category", { onChange: () => onEdited?.("category") })}
        >
          {DOCUMENT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {categoryLabel(category)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Tags"
          value={typeof tags === "string" ? tags : tags.join(", ")}
          error={form.errorOf("tags")}
          hint="Separate tags with commas."
          placeholder={tagsPlaceholder}
          {...form.register("tags")}
        />
      </div>
    </>
  );
}
