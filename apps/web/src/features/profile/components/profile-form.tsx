import { PROFILE_MESSAGES } from "@flowdeck/shared/profile/messages";
import { DISPLAY_NAME_MAX_LENGTH, UpdateProfileSchema, type Profile } from "@flowdeck/shared/profile/schemas";
import { Lock } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useZodForm } from "@/lib/use-zod-form.ts";
import { useUpdateProfile } from "../api/update-profile.ts";

type Values = { displayName: string; phone: string };

const valuesOf = (profile: Profile): Values => ({ displayName: profile.displayName, phone: profile.phone ?? "" });

/** Display name and phone; the email is shown read-only with a note that it cannot be changed. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const form = useZodForm(UpdateProfileSchema, { defaultValues: valuesOf(profile) });
  const { attach: attachForm } = form;
  const [saved, setSaved] = useState(false);
  const initial = valuesOf(profile);
  const values = form.watch();
  const dirty = values.displayName !== initial.displayName || values.phone !== initial.phone;

  const submit = form.submit((input) => {
    setSaved(false);
    update.mutate(input, {
      onSuccess: (next) => {
        form.reset(valuesOf(next));
        setSaved(true);
      },
      onError: (error) => form.showServerError(error, PROFILE_MESSAGES.saveFailed),
    });
  });
  // Typing in a field takes its message away and the saved notice with it.
  const field = (name: keyof Values) => ({
    ...form.register(name, { onChange: () => (form.clearErrors(name), setSaved(false)) }),
    value: values[name] ?? "",
    error: form.errorOf(name),
  });

  return (
    <form
      ref={attachForm}
      noValidate
      onSubmit={submit}
      aria-labelledby="details-heading"
      className="space-y-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="details-heading" className="text-lg font-semibold">
        Details
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Display name"
          autoComplete="name"
          limit={DISPLAY_NAME_MAX_LENGTH}
          hint="Shown to your teammates. Left empty, the part of your email before the @ is shown."
          {...field("displayName")}
        />
        <TextField label="Phone" type="tel" autoComplete="tel" placeholder="+1 555 010 0000" {...field("phone")} />
        <TextField
          label="Email"
          type="email"
          value={profile.email}
          readOnly
          aria-readonly="true"
          className="sm:col-span-2 [&_input]:cursor-not-allowed [&_input]:bg-gray-100 [&_input]:text-gray-600 dark:[&_input]:bg-gray-800 dark:[&_input]:text-gray-400"
          error={form.errorOf("email")}
          hint={
            <span className="inline-flex items-center gap-1">
              <Lock aria-hidden="true" className="size-3" />
              {PROFILE_MESSAGES.emailNote}
            </span>
          }
        />
      </div>

      {saved && (
        <Alert tone="success" onDismiss={() => setSaved(false)}>
          {PROFILE_MESSAGES.updated}
        </Alert>
      )}
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={!dirty || update.isPending} onClick={() => form.reset(initial)}>
          Discard changes
        </Button>
        <Button type="submit" busy={update.isPending}>
          {update.isPending ? "Saving..." : "Save Profile"}
        </Button>
      </div>
    </form>
  );
}
