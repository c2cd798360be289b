import { Navigate, Outlet, useLocation, useSearchParams } from "react-router";
import { ApiError } from "@/lib/api-client.ts";
import { Alert } from "@/components/ui/alert.tsx";
import { FullPageSkeleton } from "./full-page-skeleton.tsx";
import { useMe } from "@/lib/session/get-me.ts";
import { safeRedirect } from "@/lib/session/safe-redirect.ts";
import { organizationRequiringTwoFactor, TWO_FACTOR_SET_UP_PATH } from "@/lib/session/two-factor-gate.ts";

/**
 * Protected routes: a visitor without a session is sent to /login and brought back afterwards; a
 * member whose organization requires two-factor sign-in is sent to set it up first.
 */
export function RequireAuth() {
  const { data, error, isPending } = useMe();
  const location = useLocation();
  if (isPending) return <FullPageSkeleton />;
  if (error instanceof ApiError && error.status === 401) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  if (error || !data) {
    return (
      <div className="mx-auto max-w-md p-8">
        <Alert tone="error" title="Flowdeck could not load your account">
          {error?.message ?? "Please try refreshing the page."}
        </Alert>
      </div>
    );
  }
  if (organizationRequiringTwoFactor(data) && location.pathname !== TWO_FACTOR_SET_UP_PATH) {
    return <Navigate to={TWO_FACTOR_SET_UP_PATH} replace />;
  }
  return <Outlet />;
}

/**
 * Login and register: a signed-in user goes straight on, to the page that sent them here
 * (?redirect=) or else the dashboard.
 */
export function RedirectIfSignedIn() {
  const { data, isPending } = useMe();
  const [searchParams] = useSearchParams();
  const { state } = useLocation();
  if (isPending) return <FullPageSkeleton />;
  // The state goes along: registering with an invitation leaves the dashboard's welcome in it.
  if (data) return <Navigate to={safeRedirect(searchParams.get("redirect"))} replace state={state} />;
  return <Outlet />;
}
