import { isIP } from "node:net";
import { MAX_WEBHOOK_URL } from "#contract/webhooks.ts";
import { fieldError } from "#server/platform/callable/function-error.ts";

/** The hosts that are this machine, allowed over plain HTTP while developing. */
const localHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** An IPv4 literal in 10/8, 172.16/12, 192.168/16, 127/8, 169.254/16 or 0/8. */
function privateIpv4(address: string): boolean {
  const [a = -1, b = -1] = address.split(".").map(Number);
  return (
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}

/** An IPv6 literal that is loopback, unspecified, unique-local (fc00::/7) or link-local (fe80::/10). */
function privateIpv6(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower === "::1" || lower === "::") return true;
  // IPv4 mapped (URL parsing writes ::ffff:7f00:1 for ::ffff:127.0.0.1).
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (mapped) {
    const high = Number.parseInt(mapped[1] ?? "0", 16);
    const low = Number.parseInt(mapped[2] ?? "0", 16);
    return privateIpv4(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  const first = Number.parseInt(lower.split(":")[0] || "0", 16);
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
}

/**
 * Why a webhook URL cannot be used, or null when it can: an absolute URL of at most
 * MAX_WEBHOOK_URL characters, HTTPS (plain HTTP only to this machine, and only outside
 * production, for trying a receiver while developing), without a user and password (they
 * would be shown on the console and logged). In production the URL may not name this
 * machine or a private, loopback or link-local address either: our server would POST into
 * its own network on an owner's say-so. A host name that resolves to such an address is
 * not caught here (the worker's concern when it connects).
 */
export function webhookUrlProblem(url: string, { production }: { production: boolean }) {
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
  if (production) {
    const bare = host.startsWith("[") ? host.slice(1, -1) : host;
    const kind = isIP(bare);
    if (local || (kind === 4 && privateIpv4(bare)) || (kind === 6 && privateIpv6(bare))) {
      return "Use a public address: this one is on a private network.";
    }
  }
  return null;
}

/** The URL rule as a refusal on the `url` field, for the functions that take one. */
export function requireUsableWebhookUrl(url: string, production: boolean): void {
  const problem = webhookUrlProblem(url, { production });
  if (problem) throw fieldError("url", problem);
}
