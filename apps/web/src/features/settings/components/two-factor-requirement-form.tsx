import { useId, useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { useMe } from "@/lib/session/get-me.ts";
import { useTwoFactorRequirement, useUpdateTwoFactorRequirement } from "../api/two-factor-requirement.ts";
import { SwitchField } from "@/components/ui/switch-field.tsx";

/** The owner's "Require two-factor for every member" (docs/decisions/032). */
export function TwoFactorRequirementForm({ orgId }: { orgId: string }) {
  const requirement = useTwoFactorRequirement(orgId);
  if (!requirement.data) return null;
  return <RequirementForm orgId={orgId} required={requirement.data.required} />;
}

function RequirementForm({ orgId, required }: { orgId: string; required: boolean }) {
  const update = useUpdateTwoFactorRequirement(orgId);
  const ownTwoFactor = useMe().data?.user.twoFactorEnabled ?? false;
  const [value, setValue] = useState(required);
  const [saved, setSaved] = useState(false);
  const headingId = useId();

  const save = () => {
    setSaved(false);
    update.mutate(value, { onSuccess: () => setSaved(true) });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        Two-factor sign-in
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        When required, members who have not turned on two-factor sign-in are sent to their profile to set it up before
        they can do anything else here. API tokens and runners are not affected. Only owners can change it.
      </p>
      {!ownTwoFactor && !required && (
        <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">
          Turn on two-factor sign-in for your own account in your{" "}
          <Link to="/profile" className="font-medium text-indigo-700 underline dark:text-indigo-300">
            profile
          </Link>{" "}
          first.
        </p>
      )}
      <SwitchField
        label="Require two-factor for every member"
        checked={value}
        disabled={!ownTwoFactor && !required}
        onChange={(checked) => {
          setSaved(false);
          setValue(checked);
        }}
      />
      <Button onClick={save} busy={update.isPending} disabled={value === required}>
        Save
      </Button>
      {update.isError && (
        <Alert tone="error" className="mt-3">
          {update.error.message}
        </Alert>
      )}
      {saved && (
        <p role="status" className="mt-3 text-sm text-green-700 dark:text-green-400">
          Saved: two-factor sign-in is {required ? "required of every member" : "up to each member"}.
        </p>
      )}
    </section>
  );
}
