/** The signed-in user's own profile: not organization-scoped, so not under ["orgs", ...]. */
export const profileKeys = {
  profile: ["profile"] as const,
};

export const PROFILE_PATH = "/api/profile";
export const AVATAR_PATH = "/api/profile/avatar";
