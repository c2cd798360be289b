import { SSO_GROUP_ROLES, SSO_GROUP_ROLES_MAX } from "@flowdeck/shared/sso/schemas";
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray } from "react-hook-form";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import type { SsoForm } from "./sso-connection-form.tsx";

const ROLE_LABELS: Record<(typeof SSO_GROUP_ROLES)[number], string> = {
  admin: "Admin",
  editor: "Editor",
  viewer: "Viewer",
};

export function RoleOptions() {
  return SSO_GROUP_ROLES.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}

/**
 * Groups → roles: at each sign-in a person gets the highest role one of their groups maps to,
 * else the default role. No group maps to owner: the organization's creator stays its owner.
 */
export function GroupRoleRows({ form }: { form: SsoForm }) {
  const rows = useFieldArray({ control: form.control, name: "groupRoles" });
  return (
    <div className="space-y-3">
      {rows.fields.length === 0 && (
        <p className="text-sm text-gray-600 dark:text-gray-400">
          No groups mapped: everyone who signs in gets the default role.
        </p>
      )}
      <ul className="space-y-3">
        {rows.fields.map((row, index) => (
          <li key={row.id} className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <TextField
              label={`Group ${index + 1}`}
              className="flex-1"
              autoComplete="off"
              error={form.errorOf(`groupRoles.${index}.group`)}
              {...form.register(`groupRoles.${index}.group`)}
            />
            <SelectField
              label={`Role of group ${index + 1}`}
              className="sm:w-40"
              {...form.register(`groupRoles.${index}.role`)}
            >
              <RoleOptions />
            </SelectField>
            <Button
              variant="ghost"
              className="self-start sm:mt-6"
              aria-label={`Remove group ${index + 1}`}
              onClick={() => rows.remove(index)}
            >
              <Trash2 aria-hidden className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        disabled={rows.fields.length >= SSO_GROUP_ROLES_MAX}
        onClick={() => rows.append({ group: "", role: "viewer" })}
      >
        <Plus aria-hidden className="size-4" />
        Add a group
      </Button>
    </div>
  );
}
