import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { codePath } from "./invitation-keys.ts";

export function declineInvitation(code: string) {
  return api<void>(codePath(code, "/decline"), { method: "POST" });
}

export function useDeclineInvitation(code: string) {
  return useMutation({ mutationFn: () => declineInvitation(code) });
}
