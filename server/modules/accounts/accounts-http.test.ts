import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { accountsKit, goodPassword } from "#tests/support/accounts-kit.ts";
import { postgresOnly, type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { newPhone } from "#tests/support/phones.ts";
import { signInFailedMessage } from "./account-errors.ts";
import { accountFunctions } from "./accounts.functions.ts";

/** The accounts functions over HTTP, as browsers and API clients reach them. */
async function serve(kit: Awaited<ReturnType<typeof accountsKit>>) {
  const app = createApp({
    services: kit.services,
    registry: createRegistry(accountFunctions),
    verifyBearer: async () => null,
    secureTransport: false,
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = async (name: string, data: unknown, ip = "203.0.113.9") => {
    const started = performance.now();
    const response = await fetch(`${url}/api/fn/${name}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify({ data }),
    });
    const body = await response.text();
    return { status: response.status, body, ms: performance.now() - started };
  };
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { post, close };
}

async function registeredPhone(kit: Awaited<ReturnType<typeof accountsKit>>) {
  const phone = newPhone();
  const browser = kit.client();
  const pending = await browser.call("accounts.register", {
    name: "Known Person",
    phone,
    password: goodPassword,
  });
  await browser.call("accounts.verifyRegistration", {
    verificationId: pending.verificationId,
    code: await kit.lastCode(phone),
  });
  return phone;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe.each(testDatabases)("accounts over HTTP on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: Awaited<ReturnType<typeof accountsKit>>;
  let http: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    database = await open();
    kit = await accountsKit(database);
    http = await serve(kit);
  });
  afterAll(async () => {
    await http.close();
    await database.dispose();
  });

  it("answers /password with the same status and body for a known and an unknown phone", async () => {
    const known = await registeredPhone(kit);
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 3; i++) {
      // The answer names the number as typed, so compare with the number swapped out.
      const unknownPhone = newPhone();
      const a = await http.post(
        "accounts.requestPasswordReset",
        { identifier: known },
        `198.51.100.${i}`,
      );
      const b = await http.post(
        "accounts.requestPasswordReset",
        { identifier: unknownPhone },
        `198.51.100.${i + 10}`,
      );
      expect(a.status).toBe(200);
      expect(b.status).toBe(a.status);
      expect(b.body.replace(unknownPhone, "PHONE")).toBe(a.body.replace(known, "PHONE"));
      timings.known.push(a.ms);
      timings.unknown.push(b.ms);
    }
    const knownMail = await http.post("accounts.requestPasswordReset", {
      identifier: "a@example.com",
    });
    const unknownMail = await http.post("accounts.requestPasswordReset", {
      identifier: "b@example.com",
    });
    expect(unknownMail.status).toBe(knownMail.status);
    expect(unknownMail.body.replace("b@", "X@")).toBe(knownMail.body.replace("a@", "X@"));
    console.info(
      `/password median ms: known ${median(timings.known).toFixed(1)}, unknown ${median(timings.unknown).toFixed(1)}`,
    );
  });

  it("answers a failed sign-in with the same 401 body for an unknown account and a wrong password", async () => {
    const known = await registeredPhone(kit);
    const wrong = await http.post(
      "accounts.signIn",
      { identifier: known, password: "not the password" },
      "192.0.2.1",
    );
    const unknown = await http.post(
      "accounts.signIn",
      { identifier: newPhone(), password: "not the password" },
      "192.0.2.2",
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(JSON.parse(wrong.body)).toEqual({
      error: { status: "UNAUTHENTICATED", message: signInFailedMessage },
    });
  });
});

describe.each(postgresOnly)("sign-in limits under parallel requests on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: Awaited<ReturnType<typeof accountsKit>>;
  let http: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    database = await open();
    kit = await accountsKit(database);
    http = await serve(kit);
  });
  afterAll(async () => {
    await http.close();
    await database.dispose();
  });

  it("checks exactly 10 of 30 parallel guesses at one account from many IPs, then asks for a code", async () => {
    const phone = await registeredPhone(kit);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        http.post(
          "accounts.signIn",
          { identifier: phone, password: `guess number ${i}` },
          `100.64.0.${i + 1}`,
        ),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(20);
    // From a new device the right password gets the same answer: a code is needed.
    const right = await http.post(
      "accounts.signIn",
      { identifier: phone, password: goodPassword },
      "100.64.1.1",
    );
    expect(right.status).toBe(400);
    expect(JSON.parse(right.body)).toMatchObject({
      error: { details: { reason: "code-required" } },
    });
  });

  it("lets exactly 30 of 60 parallel attempts from one IP through, across accounts", async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        http.post(
          "accounts.signIn",
          { identifier: newPhone(), password: "whatever pass" },
          "100.65.0.1",
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(30);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(30);
  });
});
