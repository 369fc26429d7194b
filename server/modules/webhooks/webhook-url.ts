import { MAX_WEBHOOK_URL } from "#contract/webhooks.ts";
import type { Settings } from "#server/config.ts";
import { fieldError } from "#server/platform/callable/function-error.ts";
import { isPrivateAddress, webhooksReachPrivateNetworks } from "./private-addresses.ts";

/** The hosts that are this machine, allowed over plain HTTP while developing. */
const localHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Production's rule or development's; private networks refused (production's default,
 * `webhooksReachPrivateNetworks`) or not.
 */
export type UrlRule = { production: boolean; privateNetworks: boolean };

/** The rule of the server running with `settings`. */
export function urlRuleOf(settings: Settings): UrlRule {
  return {
    production: settings.NODE_ENV === "production",
    privateNetworks: webhooksReachPrivateNetworks(settings),
  };
}

/**
 * Why a webhook URL cannot be used, or null when it can: an absolute URL of at most
 * MAX_WEBHOOK_URL characters, HTTPS (plain HTTP only to this machine, and only outside
 * production, for trying a receiver while developing), without a user and password (they
 * would be shown on the console and logged). Where private networks are refused
 * (production, unless WEBHOOK_PRIVATE_NETWORKS=allow) the URL may not name this
 * machine or a private, loopback or link-local address either: our server would POST into
 * its own network on an owner's say-so. A host name that resolves to such an address is
 * refused by the worker when it connects (`publicOnlyLookup`).
 */
export function webhookUrlProblem(url: string, { production, privateNetworks }: UrlRule) {
  if (url.length > MAX_WEBHOOK_URL) return `Use at most ${MAX_WEBHOOK_URL} characters.`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Enter the whole address, starting with https://.";
  }
  // "localhost." is localhost too: a trailing dot does not make a name another.
  const host = parsed.hostname.toLowerCase().replace(/\.$/, "");
  const local = host === "localhost" || host.endsWith(".localhost");
  if (parsed.protocol === "http:") {
    if (production || !localHosts.has(host)) {
      return production
        ? "Use an https:// address."
        : "Use an https:// address (http:// only to localhost while developing).";
    }
  } else if (parsed.protocol !== "https:") {
    return "Use an https:// address.";
  }
  if (parsed.username || parsed.password) {
    return "Leave the user name and password out of the address.";
  }
  if (!privateNetworks) {
    if (local || isPrivateAddress(host)) {
      return "Use a public address: this one is on a private network.";
    }
  }
  return null;
}

/** The URL rule as a refusal on the `url` field, for the functions that take one. */
export function requireUsableWebhookUrl(url: string, rule: UrlRule): void {
  const problem = webhookUrlProblem(url, rule);
  if (problem) throw fieldError("url", problem);
}
