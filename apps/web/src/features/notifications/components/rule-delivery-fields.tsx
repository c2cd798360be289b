import { ROLES, type Role } from "@flowdeck/shared";
import { TextField } from "@/components/ui/text-field.tsx";
import { useMemberChoices } from "../api/get-member-choices.ts";
import { CheckboxGroup } from "./checkbox-group.tsx";
import type { RuleForm } from "./rule-form-values.ts";

const ROLE_LABELS: Record<Role, string> = { owner: "Owners", admin: "Admins", editor: "Editors", viewer: "Viewers" };

/** Where a rule's notices go: mail to roles and members, and a signed webhook. */
export function RuleDeliveryFields({
  orgId,
  id,
  form,
  secretSet,
}: {
  orgId: string;
  /** The form's id, to name the groups. */
  id: string;
  form: RuleForm;
  /** The rule being edited already has a webhook secret. */
  secretSet: boolean;
}) {
  const members = useMemberChoices(orgId);
  const memberOptions = (members.data?.items ?? []).map((member) => ({
    value: member.userId,
    label: member.name ? `${member.name} (${member.email})` : member.email,
  }));
  return (
    <>
      <div className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
        <h3 className="text-sm font-semibold">E-mail</h3>
        <CheckboxGroup
          id={`${id}-roles`}
          legend="Everyone with the role"
          options={[...ROLES].reverse().map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          value={form.watch("emailRoles")}
          onChange={(roles) => form.setValue("emailRoles", roles)}
          error={form.errorOf("emailRoles")}
        />
        {memberOptions.length > 0 && (
          <CheckboxGroup
            id={`${id}-members`}
            legend="And these members"
            options={memberOptions}
            value={form.watch("emailUserIds")}
            onChange={(userIds) => form.setValue("emailUserIds", userIds)}
            error={form.errorOf("emailUserIds")}
          />
        )}
        <p className="text-xs text-gray-500 dark:text-gray-400">Members who muted the organization get no mail.</p>
      </div>
      <div className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
        <h3 className="text-sm font-semibold">Webhook</h3>
        <TextField
          label="Webhook URL"
          type="url"
          inputMode="url"
          placeholder="https://hooks.example.com/flowdeck"
          autoComplete="off"
          error={form.errorOf("webhookUrl")}
          {...form.register("webhookUrl")}
        />
        <TextField
          label="Signing secret"
          type="password"
          autoComplete="new-password"
          error={form.errorOf("webhookSecret")}
          hint={
            secretSet
              ? "A secret is set. Leave this empty to keep it, or type a new one to replace it."
              : "Leave empty to have one made; it is shown once, after saving."
          }
          {...form.register("webhookSecret")}
        />
      </div>
    </>
  );
}
