/**
 * Where a logo or an avatar is served. The upload time is in the URL, so a new image is a new
 * URL: browsers may keep an image for good, and every screen shows a new one at once.
 */
export function organizationLogoUrl(organizationId: string, uploadedAt: Date | string): string {
  return `/api/orgs/${encodeURIComponent(organizationId)}/logo?v=${versionOf(uploadedAt)}`;
}

export function userAvatarUrl(userId: string, uploadedAt: Date | string): string {
  return `/api/users/${encodeURIComponent(userId)}/avatar?v=${versionOf(uploadedAt)}`;
}

/** The version in an image URL: the upload time in milliseconds. */
export function versionOf(uploadedAt: Date | string): string {
  return String(new Date(uploadedAt).getTime());
}
