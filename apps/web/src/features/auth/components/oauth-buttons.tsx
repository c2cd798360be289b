import { MESSAGES } from "@flowdeck/shared";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { getOAuthProviders, startOAuth } from "../api/auth-requests.ts";

const PROVIDERS = [
  { id: "google", label: "Google" },
  { id: "github", label: "GitHub" },
] as const;

/**
 * Google and GitHub sign-in work when the server has their client id and secret; otherwise the
 * buttons say the specification's "not yet implemented" message.
 */
export function OAuthButtons({ purpose, callbackURL }: { purpose: "login" | "register"; callbackURL: string }) {
  const [message, setMessage] = useState<string | null>(null);
  const { data: configured } = useQuery({
    queryKey: ["oauth-providers"],
    queryFn: getOAuthProviders,
    staleTime: Infinity,
  });

  const choose = async (provider: (typeof PROVIDERS)[number]) => {
    if (configured?.[provider.id]) {
      try {
        await startOAuth(provider.id, callbackURL);
      } catch (error) {
        setMessage(error instanceof Error ? error.message : MESSAGES.loginFailed);
      }
      return;
    }
    setMessage(purpose === "login" ? MESSAGES.oauthLogin(provider.label) : MESSAGES.oauthRegister(provider.label));
  };

  return (
    <div className="space-y-3">
      <div className="relative text-center text-xs text-gray-500 dark:text-gray-400">
        <span className="bg-white px-2 dark:bg-gray-900">or continue with</span>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {PROVIDERS.map((provider) => (
          <Button key={provider.id} variant="secondary" onClick={() => void choose(provider)}>
            {provider.label}
          </Button>
        ))}
      </div>
      {message && (
        <Alert tone="info" onDismiss={() => setMessage(null)}>
          {message}
        </Alert>
      )}
    </div>
  );
}
