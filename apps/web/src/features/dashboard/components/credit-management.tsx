import { can, requiresRoleHint, type Role } from "@flowdeck/shared";
import { MAX_CREDIT_DESCRIPTION_LENGTH } from "@flowdeck/shared/credits/amounts";
import { Minus, Plus } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useChangeCredits, type CreditChangeKind } from "../api/change-credits.ts";
import { DashboardCard } from "./card.tsx";
import { formatCount, formatCredits } from "./format.ts";

/**
 * Spec 2 "Credit management": an amount with Consume and Add. Empty or non-positive input is
 * silently ignored (spec 5); the server's refusals ('Insufficient credits', the permission
 * message) are shown.
 */
export function CreditManagement({
  orgId,
  role,
  balance,
  className,
}: {
  orgId: string;
  role: Role | null;
  balance: number | undefined;
  className?: string;
}) {
  const [amount, setAmount] = useState("");
  const [description, setDescription] = useState("");
  const [amountError, setAmountError] = useState<string>();
  const credits = useChangeCredits(orgId);
  const pendingKind = credits.isPending ? credits.variables?.kind : undefined;
  const mayAdd = can(role, "credits.add");

  const apply = async (kind: CreditChangeKind) => {
    // The amount's rule is the server's zod schema, loaded with the first change rather than with
    // the dashboard's first screen.
    const { parseDashboardAmount } = await import("@flowdeck/shared/credits/schemas");
    const parsed = parseDashboardAmount(amount);
    setAmountError("error" in parsed ? parsed.error : undefined);
    if (!("amount" in parsed)) return;
    credits.change(kind, parsed.amount, description.trim(), {
      onSuccess: () => {
        setAmount("");
        setDescription("");
      },
      onError: (error) => console.error(`Credit ${kind} failed`, error),
    });
  };

  return (
    <DashboardCard id="credit-management-title" title="Credit Management" className={className}>
      <p className="mb-4 text-sm text-gray-600 dark:text-gray-400">
        Balance:{" "}
        <span className="font-semibold text-gray-900 dark:text-gray-100">
          {balance === undefined ? "…" : formatCredits(balance)}
        </span>
      </p>
      {/* Enter in a field consumes, the form's first action, as a click on Consume would. */}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!credits.isPending) void apply("consume");
        }}
        noValidate
        className="space-y-3"
      >
        <TextField
          label="Amount"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder="e.g. 10"
          value={amount}
          error={amountError}
          onChange={(event) => {
            setAmount(event.target.value);
            setAmountError(undefined);
          }}
        />
        <TextField
          label="Description (optional)"
          limit={MAX_CREDIT_DESCRIPTION_LENGTH}
          placeholder="What the credits are for"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <div className={mayAdd ? "grid grid-cols-2 gap-2" : "grid grid-cols-1 gap-2"}>
          <Button type="submit" busy={pendingKind === "consume"} disabled={credits.isPending}>
            <Minus className="size-4" aria-hidden />
            Consume
          </Button>
          {mayAdd && (
            <Button
              variant="secondary"
              onClick={() => void apply("add")}
              busy={pendingKind === "add"}
              disabled={credits.isPending}
            >
              <Plus className="size-4" aria-hidden />
              Add
            </Button>
          )}
        </div>
        {!mayAdd && (
          <p className="text-xs text-gray-500 dark:text-gray-400">Adding credits: {requiresRoleHint("admin")}.</p>
        )}
      </form>
      <div className="mt-3 space-y-2">
        {credits.isSuccess && (
          <Alert tone="success" onDismiss={credits.reset}>
            {credits.data.transaction.type === "consumption" ? "Consumed" : "Added"}{" "}
            {formatCredits(Math.abs(credits.data.transaction.amount))}. New balance: {formatCount(credits.data.balance)}
            .
          </Alert>
        )}
        {credits.error && (
          <Alert tone="error" onDismiss={credits.reset}>
            {credits.error.message}
          </Alert>
        )}
      </div>
    </DashboardCard>
  );
}
