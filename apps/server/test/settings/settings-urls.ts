export const settingsUrl = (orgId: string) => `/api/orgs/${orgId}/settings`;
export const logoUrl = (orgId: string) => `/api/orgs/${orgId}/logo`;
