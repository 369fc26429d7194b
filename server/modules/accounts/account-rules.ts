import type { RateRule } from "#server/platform/rate-limit/rate-limiter.ts";

/**
 * Rate limits of the accounts module. Rules with `blockSeconds` block on going over, and
 * each further strike doubles the block (growing delays). Keys are what a person types
 * (normalised), whether or not an account exists, so the limits reveal nothing either.
 */
export const accountRateRules = {
  /**
   * Password sign-in per account and IP: a handful of guesses from one address, then
   * 30 s, 60 s, 120 s… The owner elsewhere is not held back by someone else's guesses.
   */
  signInPerAccountAndIp: {
    name: "sign_in_account_ip",
    limit: 5,
    windowSeconds: 900,
    blockSeconds: 30,
  },
  /**
   * Password tries at one account from devices it never signed in on, from anywhere (its
   * phone and email count as one). Counted before the password is checked, so parallel
   * guesses cannot slip past it. Over it, the account is under attack: a new device must
   * use a one-time code; the owner's known devices still get in with the right password.
   */
  signInTriesPerAccount: {
    name: "sign_in_tries",
    limit: 10,
    windowSeconds: 3600,
    blockSeconds: 3600,
  },
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

/**
 * Where the rules above keep a phone number or email address in a counter's key (the full
 * key is `{rule name}:{key}`): codes sent to it, and password tries at it while no account
 * had it. An account's deletion erases these, and only these: an address that merely
 * contains this one keeps its counters.
 */
export function rateKeysOfDestination(destination: string): {
  keys: string[];
  prefixes: string[];
} {
  const identifier = `${destination.startsWith("+") ? "phone" : "email"}:${destination}`;
  return {
    keys: [
      `${accountRateRules.codeSendPerDestination.name}:${destination}`,
      `${accountRateRules.signInTriesPerAccount.name}:${identifier}`,
    ],
    // Followed by `@{ip}`.
    prefixes: [`${accountRateRules.signInPerAccountAndIp.name}:${identifier}@`],
  };
}
