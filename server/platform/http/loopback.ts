import { isIP } from "node:net";

/**
 * Whether a client address is this machine (127.0.0.0/8, ::1, or IPv4 mapped in IPv6).
 * Express's `req.ip` already follows X-Forwarded-For from a proxy on loopback only, so a
 * visitor reaching us through a local reverse proxy does not count as this machine.
 */
export function isLoopback(ip: string): boolean {
  const address = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (isIP(address) === 4) return address.startsWith("127.");
  return address === "::1";
}
