import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MailPeer, startMailPeer } from "#tests/support/mail-peer.ts";
import { migratedPgliteFolder } from "#tests/support/pglite-folder.ts";
import { newPhone } from "#tests/support/phones.ts";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { peerSettings, type SmsPeer, startSmsPeer } from "#tests/support/sms-peer.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

/**
 * Registration with an email, followed to the buyer's mailbox: the built server speaks
 * SMTP to a real SMTP peer and Twilio's API to an SMS peer; the link in the mail, opened
 * as the signed-in person, verifies the address.
 */
// One server is enough (the link logic is the same on both drivers; the unit tests run it
// on both): PostgreSQL when there is one, else the embedded database.
const servers = testDatabaseUrl
  ? [{ name: "postgres", postgres: true }]
  : [{ name: "pglite", postgres: false }];

const password = "violet orbit lantern 42";

describe.each(servers)("email verification over SMTP on $name", ({ postgres }) => {
  let server: RunningServer;
  let mail: MailPeer;
  let sms: SmsPeer;
  let databaseUrl: string | null = null;
  const cleanups: (() => Promise<unknown> | unknown)[] = [];

  beforeAll(async () => {
    mail = await startMailPeer();
    sms = await startSmsPeer();
    cleanups.push(
      () => mail.close(),
      () => sms.close(),
    );
    let env: Record<string, string | undefined>;
    if (postgres) {
      const temp = await createTempDatabase("verify", { migrated: true });
      cleanups.push(() => temp.drop());
      databaseUrl = temp.url;
      env = { DATABASE_URL: temp.url };
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), "email-verify-"));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      env = {
        DATABASE_URL: undefined,
        PGLITE_DIR: await migratedPgliteFolder(path.join(dir, "db")),
      };
    }
    server = await spawnServer({
      env: {
        ...env,
        NODE_ENV: "test",
        DEMO_DATA: "off",
        PUBLIC_URL: "http://tickets.test",
        ...peerSettings(mail, sms),
      },
    });
    // Stopped first: the server must not be sending to peers that are gone.
    cleanups.push(() => server.stop());
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A function over HTTP; as a user by the test bearer the test server accepts. */
  async function call(name: string, data: unknown, userId = "") {
    const response = await fetch(`${server.url}/api/fn/${name}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(userId ? { authorization: `Bearer test:${userId}:` } : {}),
      },
      body: JSON.stringify({ data }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: each test checks the shape it needs
    const body = (await response.json()) as { result?: any; error?: any };
    return { response, ...body };
  }

  /** Registers with an email; the code comes from the SMS peer. Answers the session cookies. */
  async function register(
    email: string,
  ): Promise<{ cookie: string; userId: string; phone: string }> {
    const phone = newPhone();
    const started = await call("accounts.register", { name: "Ada", phone, email, password });
    expect(started.error).toBeUndefined();
    const [text] = await sms.waitFor(phone, 1, 90_000);
    const code = /\b(\d{6})\b/.exec(text?.body ?? "")?.[1];
    expect(code).toBeDefined();
    const verified = await call("accounts.verifyRegistration", {
      verificationId: started.result.verificationId,
      code,
    });
    expect(verified.error).toBeUndefined();
    const cookie = verified.response.headers
      .getSetCookie()
      .map((set) => set.split(";")[0])
      .join("; ");
    return { cookie, userId: verified.result.userId, phone };
  }

  /** The path and query of the link in a mail (its host is PUBLIC_URL, not this server). */
  function linkIn(text: string | undefined): string {
    const link = /https?:\/\/\S+email_token=\S+/.exec(text ?? "")?.[0];
    if (!link) throw new Error(`no link in: ${text}`);
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  }

  async function openPage(link: string, cookie: string) {
    const response = await fetch(`${server.url}${link}`, {
      headers: { cookie, "user-agent": "Mozilla/5.0 Chrome/156" },
      redirect: "manual",
    });
    return { status: response.status, html: await response.text(), response };
  }

  async function verifiedAt(email: string): Promise<Date | null | undefined> {
    if (!databaseUrl) return undefined;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        "select email_verified_at from users where lower(email) = lower($1)",
        [email],
      );
      return rows[0]?.email_verified_at ?? null;
    } finally {
      await client.end();
    }
  }

  /** Signs in on /login as a browser would post it; answers where it goes and the cookies. */
  async function signInOnPage(phone: string, redirectTo: string) {
    const response = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ identifier: phone, region: "", password, redirect: redirectTo }),
      redirect: "manual",
    });
    const cookie = response.headers
      .getSetCookie()
      .map((set) => set.split(";")[0])
      .join("; ");
    return { status: response.status, location: response.headers.get("location"), cookie };
  }

  it("mails a link at registration that verifies the address, signed out through /login and back", async () => {
    const email = `ada.${Date.now()}@example.org`;
    const { userId, phone } = await register(email);
    const [sent] = await mail.waitFor(email, 1, 90_000);
    expect(sent?.parsed.subject).toMatch(/Confirm your email address/);
    const before = await call("profile.get", null, userId);
    expect(before.result).toMatchObject({ email, emailVerified: false });
    if (postgres) expect(await verifiedAt(email)).toBeNull();

    const link = linkIn(sent?.parsed.text);
    // Signed out, the link goes through sign-in and back to itself.
    const signedOut = await openPage(link, "");
    expect(signedOut.status).toBe(302);
    const login = new URL(signedOut.response.headers.get("location") ?? "", server.url);
    expect(login.pathname).toBe("/login");
    expect(login.searchParams.get("redirect")).toBe(link);
    const signedIn = await signInOnPage(phone, login.searchParams.get("redirect") ?? "");
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe(link);

    const opened = await openPage(link, signedIn.cookie);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain(`Your email address is now ${email}.`);
    const after = await call("profile.get", null, userId);
    expect(after.result).toMatchObject({ email, emailVerified: true, pendingEmail: null });
    if (postgres) expect(await verifiedAt(email)).toBeInstanceOf(Date);
  }, 120_000);

  it("sends a second link on Send again; it verifies and the first no longer does", async () => {
    const email = `grace.${Date.now()}@example.org`;
    const { cookie, userId } = await register(email);
    const [first] = await mail.waitFor(email, 1, 90_000);
    const again = await call("profile.resendEmailVerification", null, userId);
    expect(again.error).toBeUndefined();
    expect(again.result).toEqual({ email });
    const [, second] = await mail.waitFor(email, 2, 90_000);
    const firstLink = linkIn(first?.parsed.text);
    const secondLink = linkIn(second?.parsed.text);
    expect(secondLink).not.toBe(firstLink);

    const stale = await openPage(firstLink, cookie);
    expect(stale.html).toContain("This link has expired or was already used.");
    expect((await call("profile.get", null, userId)).result).toMatchObject({
      emailVerified: false,
    });
    const fresh = await openPage(secondLink, cookie);
    expect(fresh.html).toContain(`Your email address is now ${email}.`);
    expect((await call("profile.get", null, userId)).result).toMatchObject({
      emailVerified: true,
    });
    if (postgres) expect(await verifiedAt(email)).toBeInstanceOf(Date);
  }, 120_000);
});
