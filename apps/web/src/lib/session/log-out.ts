import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "@/lib/api-client.ts";

export function useLogOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api<unknown>("/api/auth/sign-out", { method: "POST", body: {} }),
    retry: false,
    onSuccess: async () => {
      // Sign-out clears every cached read (spec 7 "Authentication").
      queryClient.clear();
      await navigate("/login", { replace: true });
    },
    // Spec 2 "App shell": a failed logout is only logged.
    onError: (error) => console.error("Logout failed", error),
  });
}
