import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { useTestSsoConnection } from "../api/sso-connection.ts";

/** "Test connection": asks the saved provider for its discovery document and says what it found. */
export function TestConnection({ orgId }: { orgId: string }) {
  const test = useTestSsoConnection(orgId);
  const failure = test.error instanceof ApiError ? test.error.message : test.error ? SSO_MESSAGES.testFailed : null;
  return (
    <div className="min-w-0 space-y-2">
      <Button variant="secondary" busy={test.isPending} onClick={() => test.mutate()}>
        {test.isPending ? "Testing..." : "Test connection"}
      </Button>
      <p className="text-xs text-gray-500 dark:text-gray-400">Tests the saved connection.</p>
      {(test.data || failure) && (
        <Alert tone={test.data?.ok ? "success" : "error"} onDismiss={() => test.reset()}>
          {test.data?.message ?? failure}
        </Alert>
      )}
    </div>
  );
}
