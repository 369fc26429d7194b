import { describe, expect, it } from "vitest";
import { isPrivateAddress, webhooksReachPrivateNetworks } from "./private-addresses.ts";

describe("private addresses", () => {
  it("knows this machine, private, shared, link-local and multicast networks", () => {
    for (const address of [
      "127.0.0.1",
      "127.8.9.10",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "[::1]",
      "::",
      "fd12:3456::1",
      "fe80::1",
      "::ffff:10.0.0.1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it("lets public addresses and names through (names are checked after DNS)", () => {
    for (const address of [
      "8.8.8.8",
      "172.32.0.1",
      "192.169.0.1",
      "100.128.0.1",
      "2001:4860:4860::8888",
      "::ffff:8.8.8.8",
      "example.com",
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it("refuses private networks in production unless allowed, and allows them elsewhere", () => {
    expect(webhooksReachPrivateNetworks({ NODE_ENV: "production" })).toBe(false);
    expect(
      webhooksReachPrivateNetworks({ NODE_ENV: "production", WEBHOOK_PRIVATE_NETWORKS: "allow" }),
    ).toBe(true);
    expect(webhooksReachPrivateNetworks({ NODE_ENV: "development" })).toBe(true);
    expect(
      webhooksReachPrivateNetworks({ NODE_ENV: "test", WEBHOOK_PRIVATE_NETWORKS: "refuse" }),
    ).toBe(false);
  });
});
