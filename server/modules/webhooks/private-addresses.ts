import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import type { Settings } from "#server/config.ts";

/** Addresses a webhook must not reach in production: this machine and private networks. */
const privateNetworks = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["224.0.0.0", 3],
] as const) {
  privateNetworks.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  privateNetworks.addSubnet(network, prefix, "ipv6");
}

/**
 * An IPv4 address written as IPv6 is that IPv4 address: `::ffff:10.0.0.1`, or as URL
 * parsing writes it, `::ffff:a00:1`.
 */
function mappedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
  if (dotted) return dotted;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = Number.parseInt(hex[1] ?? "0", 16);
  const low = Number.parseInt(hex[2] ?? "0", 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** True for a loopback, private, link-local, shared, multicast or unspecified address. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 0) return false;
  const mapped = mappedIpv4(bare);
  if (mapped) return privateNetworks.check(mapped, "ipv4");
  return privateNetworks.check(bare, family === 6 ? "ipv6" : "ipv4");
}

export class PrivateAddressError extends Error {
  code = "EPRIVATEADDRESS";
  constructor(host: string) {
    super(`${host} is on a private network`);
  }
}

/**
 * A DNS lookup for outgoing connections that keeps only public addresses: a name that
 * resolves to this machine or a private network (DNS rebinding included: the check is
 * on the address connected to) fails with PrivateAddressError.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) {
      callback(error, "", 4);
      return;
    }
    const usable = addresses.filter((a) => !isPrivateAddress(a.address));
    const first = usable[0];
    if (!first) {
      callback(new PrivateAddressError(hostname), "", 4);
      return;
    }
    if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
    else callback(null, first.address, first.family);
  });
};

/** Whether webhooks may go to private networks: outside production, or when allowed. */
export function webhooksReachPrivateNetworks(
  settings: Pick<Settings, "NODE_ENV" | "WEBHOOK_PRIVATE_NETWORKS">,
): boolean {
  return (
    (settings.WEBHOOK_PRIVATE_NETWORKS ??
      (settings.NODE_ENV === "production" ? "refuse" : "allow")) === "allow"
  );
}
