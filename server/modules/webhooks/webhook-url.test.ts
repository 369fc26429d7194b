import { describe, expect, it } from "vitest";
import { MAX_WEBHOOK_URL } from "#contract/webhooks.ts";
import { webhookUrlProblem } from "./webhook-url.ts";

const production = { production: true, privateNetworks: false };
const development = { production: false, privateNetworks: true };
const developingHttp = "Use an https:// address (http:// only to localhost while developing).";
const privateNetwork = "Use a public address: this one is on a private network.";

describe("the webhook URL rule", () => {
  it("takes a public HTTPS address anywhere, with a port, path and query", () => {
    for (const url of [
      "https://example.com/hooks",
      "https://hooks.example.com:8443/in?source=tickets#x",
      "https://203.0.113.9/in",
      "https://[2001:db8::1]/in",
      "https://172.32.0.1/",
      "https://192.169.0.1/",
      "https://11.0.0.1/",
    ]) {
      expect([url, webhookUrlProblem(url, production)]).toEqual([url, null]);
      expect([url, webhookUrlProblem(url, development)]).toEqual([url, null]);
    }
  });

  it("refuses what is not an absolute URL", () => {
    for (const url of ["example.com/hooks", "/hooks", "https://", "not a url", "https//x.com"]) {
      expect([url, webhookUrlProblem(url, production)]).toEqual([
        url,
        "Enter the whole address, starting with https://.",
      ]);
    }
  });

  it("refuses schemes other than HTTPS, and plain HTTP in production", () => {
    for (const url of ["ftp://example.com/x", "mailto:a@example.com", "javascript:alert(1)"]) {
      expect([url, webhookUrlProblem(url, production)]).toEqual([url, "Use an https:// address."]);
      expect([url, webhookUrlProblem(url, development)]).toEqual([url, "Use an https:// address."]);
    }
    expect(webhookUrlProblem("http://example.com/in", production)).toBe("Use an https:// address.");
    expect(webhookUrlProblem("http://localhost:4000/in", production)).toBe(
      "Use an https:// address.",
    );
  });

  it("lets plain HTTP reach only this machine, and only while developing", () => {
    for (const url of [
      "http://localhost:4000/in",
      "http://LOCALHOST/in",
      "http://127.0.0.1:9000/hook",
      "http://[::1]:9000/hook",
    ]) {
      expect([url, webhookUrlProblem(url, development)]).toEqual([url, null]);
    }
    for (const url of [
      "http://example.com/in",
      "http://127.0.0.2/in",
      "http://10.0.0.1/in",
      "http://localhost.example.com/in",
    ]) {
      expect([url, webhookUrlProblem(url, development)]).toEqual([url, developingHttp]);
    }
  });

  it("refuses a user name or password in the address", () => {
    for (const url of ["https://user:secret@example.com/in", "https://user@example.com/in"]) {
      expect(webhookUrlProblem(url, production)).toBe(
        "Leave the user name and password out of the address.",
      );
      expect(webhookUrlProblem(url, development)).toBe(
        "Leave the user name and password out of the address.",
      );
    }
  });

  it("refuses this machine and private, loopback and link-local addresses in production", () => {
    for (const url of [
      "https://localhost/in",
      "https://localhost./in",
      "https://api.localhost/in",
      "https://127.0.0.1/in",
      "https://127.255.0.9/in",
      "https://0.0.0.0/in",
      "https://10.1.2.3/in",
      "https://172.16.0.1/in",
      "https://172.31.255.255/in",
      "https://192.168.1.10/in",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/in",
      "https://[::]/in",
      "https://[fc00::1]/in",
      "https://[fd12:3456::1]/in",
      "https://[fe80::1]/in",
      "https://[febf::1]/in",
      "https://[::ffff:127.0.0.1]/in",
      "https://[::ffff:10.0.0.1]/in",
      // Other spellings of 127.0.0.1 that URL parsing normalises.
      "https://2130706433/in",
      "https://0x7f.1/in",
      "https://127.1/in",
    ]) {
      expect([url, webhookUrlProblem(url, production)]).toEqual([url, privateNetwork]);
      // Outside production the owner may point HTTPS at a local receiver.
      expect([url, webhookUrlProblem(url, development)]).toEqual([url, null]);
    }
    // Just outside the private ranges.
    for (const url of ["https://[fec0::1]/in", "https://[fbff::1]/in", "https://172.15.0.1/in"]) {
      expect([url, webhookUrlProblem(url, production)]).toEqual([url, null]);
    }
  });

  it("takes an address of at most MAX_WEBHOOK_URL characters", () => {
    const base = "https://example.com/";
    const longest = base + "a".repeat(MAX_WEBHOOK_URL - base.length);
    expect(webhookUrlProblem(longest, production)).toBeNull();
    expect(webhookUrlProblem(`${longest}a`, production)).toBe(
      `Use at most ${MAX_WEBHOOK_URL} characters.`,
    );
  });
});
