import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goodPassword } from "#tests/support/accounts-kit.ts";
import { actionPaths } from "#tests/support/built-routes.ts";
import { migratedPgliteFolder } from "#tests/support/pglite-folder.ts";
import { newPhone } from "#tests/support/phones.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

/**
 * Every page that takes a form, posted to the way a careless or hostile client can: bodies
 * that are not web forms, broken encodings, a megabyte of junk, hostile field values;
 * signed in and not. Plus odd and long paths. Routes are read from the build, so a new
 * page with an action is fuzzed without new code. Never a 5xx.
 */
let server: RunningServer;
let dataDir: string;
let cookie = "";
const tally = { requests: 0, serverErrors: [] as string[] };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "fuzz-pages-"));
  server = await spawnServer({
    env: {
      NODE_ENV: "test",
      PGLITE_DIR: await migratedPgliteFolder(path.join(dataDir, "db")),
      DATABASE_URL: undefined,
    },
  });
  const signedIn = await fetch(`${server.url}/api/fn/test.signInAs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: { name: "Page Fuzz", phone: "+15550100888" } }),
  });
  cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  console.log(`fuzzed ${tally.requests} page requests; 5xx answers: ${tally.serverErrors.length}`);
});

async function request(
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: BodyInit; signedIn?: boolean } = {},
) {
  const response = await fetch(`${server.url}${target}`, {
    method,
    redirect: "manual",
    headers: {
      origin: server.url,
      ...(options.signedIn ? { cookie } : {}),
      ...options.headers,
    },
    body: options.body,
  });
  await response.arrayBuffer();
  tally.requests += 1;
  if (response.status >= 500) {
    tally.serverErrors.push(`${method} ${target.slice(0, 120)} -> ${response.status}`);
  }
  return response;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const urlencoded = { "content-type": "application/x-www-form-urlencoded" };
const hostile = ["a\u0000b", "\ud800", "x".repeat(20_000), "<script>alert(1)</script>", "%"];
const fieldNames = ["intent", "name", "identifier", "password", "code", "redirect", "email"];

/** Bodies no page of ours sends. */
const oddBodies: { label: string; headers: Record<string, string>; body?: BodyInit }[] = [
  { label: "text/plain", headers: { "content-type": "text/plain" }, body: "intent=save" },
  { label: "json", headers: { "content-type": "application/json" }, body: '{"intent":1}' },
  { label: "multipart without boundary", headers: { "content-type": "multipart/form-data" } },
  {
    label: "multipart with a broken body",
    headers: { "content-type": "multipart/form-data; boundary=xyz" },
    body: "--xyz\r\nContent-Disposition: form-data\r\n\r\nno end",
  },
  { label: "no content type", headers: {}, body: new Uint8Array([105, 61, 49]) },
  { label: "empty form", headers: urlencoded, body: "" },
  { label: "broken percent-encoding", headers: urlencoded, body: "intent=%E0%A4%A&name=%" },
  { label: "1 MB of junk", headers: urlencoded, body: "a".repeat(1024 * 1024) },
  {
    label: "koi8-r charset",
    headers: { "content-type": "application/x-www-form-urlencoded; charset=koi8-r" },
    body: "name=%F0%D2%C9",
  },
  { label: "gzip claimed, plain sent", headers: { ...urlencoded, "content-encoding": "gzip" } },
];

describe("every page that takes a form", () => {
  it("finds the pages with actions in the build (the fuzzing is not vacuous)", async () => {
    expect((await actionPaths()).length).toBeGreaterThan(15);
  });

  it("answers bodies that are not web forms with 4xx, signed in and not", async () => {
    for (const target of await actionPaths()) {
      for (const { label, headers, body } of oddBodies) {
        for (const signedIn of [false, true]) {
          const response = await request("POST", target, {
            headers,
            body: body ?? "name=x",
            signedIn,
          });
          if (response.status >= 500) tally.serverErrors.push(`  (${label}, ${signedIn})`);
        }
      }
    }
    expect(tally.serverErrors).toEqual([]);
  }, 240_000);

  it("answers hostile values in every usual field with a page, never a 5xx", async () => {
    for (const target of await actionPaths()) {
      for (const value of hostile) {
        for (const name of fieldNames) {
          await request("POST", target, {
            headers: urlencoded,
            body: form({ intent: "save", [name]: value }),
            signedIn: true,
          });
        }
      }
    }
    expect(tally.serverErrors).toEqual([]);
  }, 240_000);
});

describe("odd and long paths", () => {
  const odd = [
    `/${"a".repeat(201)}`,
    `/${"a".repeat(5000)}`,
    "/%00",
    "/?q=%00",
    "/?q=%E0%A4%A",
    "/booking/%00",
    "/booking/..%2f..%2fetc%2fpasswd",
    "/business/events/%ff",
    "/my-ticket/%00",
    "/%2e%2e/%2e%2e/",
    "/event/%C0%AE%C0%AE",
  ];

  it("answers each with a page, never a 5xx, signed in and not", async () => {
    for (const target of odd) {
      for (const signedIn of [false, true]) {
        const response = await request("GET", target, { signedIn });
        expect(response.status, target).toBeLessThan(500);
      }
    }
    const long = await request("GET", `/${"a".repeat(201)}`, { signedIn: true });
    expect(long.status).toBe(404);
  });
});

describe("sign-in's redirect", () => {
  it("sends a correct sign-in with a disguised foreign redirect home", async () => {
    const phone = newPhone();
    const password = goodPassword;
    const fn = (name: string, data: unknown) =>
      fetch(`${server.url}/api/fn/${name}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ data }),
        // biome-ignore lint/suspicious/noExplicitAny: each answer is checked where it is used
      }).then(async (response) => (await response.json()) as { result: any });
    const pending = await fn("accounts.register", { name: "Redirected", phone, password });
    expect(pending.result?.verificationId).toBeDefined();
    let code: string | undefined;
    for (let tries = 0; !code && tries < 75; tries += 1) {
      const outbox = await fn("dev.outbox", { destination: phone });
      code = /\b(\d{6})\b/.exec(outbox.result.messages[0]?.text ?? "")?.[1];
      if (!code) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const verified = await fn("accounts.verifyRegistration", {
      verificationId: pending.result.verificationId,
      code,
    });
    expect(verified.result?.userId).toBeDefined();

    for (const target of ["/..//evil.example", "/../..//evil.example/x", "//evil.example"]) {
      const response = await request("POST", "/login", {
        headers: urlencoded,
        body: form({ identifier: phone, password, redirect: target }),
      });
      expect(response.status, target).toBeGreaterThanOrEqual(300);
      expect(response.status, target).toBeLessThan(400);
      expect(response.headers.get("location"), target).toBe("/");
    }
  });
});
