import { PROFILE_MESSAGES } from "@flowdeck/shared/profile/messages";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useMe } from "@/lib/session/get-me.ts";
import { organizationRequiringTwoFactor } from "@/lib/session/two-factor-gate.ts";
import { useProfile } from "../api/get-profile.ts";
import { AvatarUpload } from "./avatar-upload.tsx";
import { NotificationMutesSection } from "./notification-mutes-section.tsx";
import { ProfileForm } from "./profile-form.tsx";
import { TwoFactorSection } from "./two-factor-section.tsx";

/** /profile (spec 2 "Profile"): any signed-in user, with or without an organization. */
export function ProfilePage() {
  const profile = useProfile();
  const me = useMe();
  const requiring = me.data ? organizationRequiringTwoFactor(me.data) : null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">Profile</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">How your teammates see you.</p>
      </header>
      {requiring && (
        <Alert tone="info" title="Two-factor sign-in is required">
          {requiring.name} requires two-factor sign-in of every member. Turn it on below to continue to the rest of
          Flowdeck.
        </Alert>
      )}
      {profile.isPending ? (
        <div className="space-y-6" aria-busy="true" aria-label="Loading your profile">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : profile.isError ? (
        <Alert tone="error" title={PROFILE_MESSAGES.loadFailed}>
          <p>{profile.error.message}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <AvatarUpload profile={profile.data} />
          <ProfileForm profile={profile.data} />
          <TwoFactorSection profile={profile.data} />
          <NotificationMutesSection />
        </>
      )}
    </div>
  );
}
