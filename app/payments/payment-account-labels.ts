import type { PaymentAccountState } from "#contract/payment-options.ts";

/** A connected account's state (or none), as the console says it: badge, what it means, what to do. */
export type AccountLook = { label: string; color: string; meaning: string; action: string | null };

export const accountLooks: Record<PaymentAccountState | "none", AccountLook> = {
  none: {
    label: "Not connected",
    color: "gray",
    meaning:
      "Connect a Stripe account so that buyers can pay for tickets by card. The money goes straight to your business's account, less the booking fee.",
    action: "Connect with Stripe",
  },
  pending: {
    label: "Pending",
    color: "yellow",
    meaning:
      "Stripe needs a few more details before your account can take payments. Continue where you left off.",
    action: "Continue setup",
  },
  active: {
    label: "Active",
    color: "green",
    meaning:
      "Your account can take card payments. Choose \u201cBy card\u201d on a priced ticket type to sell it online.",
    action: null,
  },
  restricted: {
    label: "Restricted",
    color: "red",
    meaning:
      "Stripe has paused payments to your account until it gets more information (such as proof of identity or bank details). Events selling by card cannot be published meanwhile: continue setup to give it.",
    action: "Continue setup",
  },
};

export function accountLookOf(account: { state: PaymentAccountState } | null): AccountLook {
  return accountLooks[account?.state ?? "none"];
}
