import { useState } from "react";
import { useMe } from "./get-me.ts";

type Seen = { id: string; name: string };

/**
 * The name of the organization the user was just taken out of, while they were in it (an admin
 * removed them; the live update refreshed their memberships), so the shell can say why the
 * organization's pages are gone. Null otherwise, and after `dismiss`.
 */
export function useRemovedFromOrganization(): { removedFrom: string | null; dismiss: () => void } {
  const { data } = useMe();
  const [seen, setSeen] = useState<Seen | null>(null);
  const [removedFrom, setRemovedFrom] = useState<string | null>(null);
  const current = data?.organizations.find((organization) => organization.id === data.user.currentOrgId);

  // Adjusting state while rendering (React's pattern for state derived from changing data).
  if (current && current.id !== seen?.id) {
    setSeen({ id: current.id, name: current.name });
    setRemovedFrom(null);
  } else if (data && seen && !data.organizations.some((organization) => organization.id === seen.id)) {
    setSeen(null);
    setRemovedFrom(seen.name);
  }
  return { removedFrom, dismiss: () => setRemovedFrom(null) };
}
