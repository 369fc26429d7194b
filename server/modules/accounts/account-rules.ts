import type { RateRule } from "../../platform/rate-limit/rate-limiter.ts";

/**
 * Rate limits of the accounts module. Rules with `blockSeconds` block on going over, and
 * each further strike doubles the block (growing delays). Keys are what a person types
 * (normalised), whether or not an account exists, so the limits reveal nothing either.
 */
export const accountRateRules = {
  /** Password sign-in per account: a handful of guesses, then 30 s, 60 s, 120 s… */
  signInPerAccount: { name: "sign_in_account", limit: 5, windowSeconds: 900, blockSeconds: 30 },
  /** Password sign-in per IP: room for a shared office, not for spraying many accounts. */
  signInPerIp: { name: "sign_in_ip", limit: 30, windowSeconds: 600, blockSeconds: 60 },
  /** Codes and links sent to one phone or email (registration, sign-in, reset, resend). */
  codeSendPerDestination: {
    name: "code_send_to",
    limit: 5,
    windowSeconds: 3600,
    blockSeconds: 600,
  },
  /** Codes and links sent on behalf of one IP (SMS pumping). */
  codeSendPerIp: { name: "code_send_ip", limit: 20, windowSeconds: 3600, blockSeconds: 600 },
  /** Guesses at codes from one IP, across every code (each code also allows only 5). */
  codeCheckPerIp: { name: "code_check_ip", limit: 40, windowSeconds: 600, blockSeconds: 60 },
} as const satisfies Record<string, RateRule>;
