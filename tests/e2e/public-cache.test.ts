import { createHash } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { toLocalInput } from "#server/modules/events/zoned-time.ts";
import { browserUA } from "#tests/support/browser-user-agent.ts";
import { signedInPerson } from "#tests/support/signed-in-cookie.ts";
import { callFunction, uniquePhone } from "./session.ts";

/** The shared cache of anonymous public pages (decision 017), over HTTP. */
const baseURL = inject("baseURL");

function call<T>(name: string, data: unknown, userId?: string): Promise<T> {
  return callFunction<T>(baseURL, name, data, userId);
}

function get(path: string, cookie?: string) {
  return fetch(`${baseURL}${path}`, {
    headers: { "User-Agent": browserUA, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

function letters(): string {
  const abc = "bcdfghjklmnpqrstvwxz";
  return Array.from({ length: 10 }, () => abc[Math.floor(Math.random() * abc.length)]).join("");
}

const inDays = (days: number, hour: number) =>
  `${toLocalInput(new Date(Date.now() + days * 86_400_000), "Europe/London").slice(0, 10)}T${hour}:00`;

async function publishedEvent(title: string, phone = uniquePhone()) {
  const { userId } = await call<{ userId: string }>("test.signInAs", {
    name: "Cache Organiser",
    phone,
  });
  await call(
    "businesses.apply",
    {
      name: "Cache Hall Ltd",
      type: "venue",
      contactPhone: "+442071234567",
      contactEmail: "cache@example.com",
      address: "1 Cache Row, York",
    },
    userId,
  );
  const fields = {
    title,
    description: "An evening to test the page cache.",
    venueName: "Cache Hall",
    venueAddress: "1 Cache Row, York",
    timeZone: "Europe/London",
    startsLocal: inDays(30, 19),
    endsLocal: inDays(30, 22),
    category: "music",
  };
  const event = await call<{ eventId: string; shortId: string }>("events.create", fields, userId);
  await call(
    "ticketTypes.create",
    { eventId: event.eventId, name: "Entry", priceMinor: 0, currency: "GBP", capacity: 50 },
    userId,
  );
  await call("events.publish", { eventId: event.eventId }, userId);
  return { ...event, userId, fields };
}

/** A signed-in visitor's Cookie header, from test.signInAs's Set-Cookie headers. */
const signedInCookie = async (name: string, phone = uniquePhone()) =>
  (await signedInPerson(baseURL, name, phone)).cookie;

describe("the shared cache of public pages", () => {
  it("gives two signed-in people and a visitor, interleaved, the same page that names none of them", async () => {
    const names = [`Cachetest ${letters()}`, `Cachetest ${letters()}`];
    const cookies = await Promise.all(names.map((name) => signedInCookie(name)));
    // Signed in, visitor, the other signed in, and round again, all at once: whoever renders
    // it first, the others wait for that render. (Other tests' edits on this server may empty
    // the cache mid-way: then some render again, so a few rounds are allowed.)
    const order = [cookies[0], undefined, cookies[1], cookies[1], undefined, cookies[0]];
    for (const path of ["/", `/?q=${letters()}`]) {
      let signedInFromCache = 0;
      for (let round = 0; round < 5 && signedInFromCache === 0; round++) {
        const answers = await Promise.all(order.map((cookie) => get(path, cookie)));
        for (const [i, answer] of answers.entries()) {
          expect(answer.status).toBe(200);
          expect(answer.headers.get("cache-control")).toBe(
            "public, max-age=0, s-maxage=1, stale-while-revalidate=2",
          );
          expect(answer.headers.get("set-cookie")).toBeNull();
          const body = await answer.text();
          for (const name of names) expect(body).not.toContain(name);
          const cached = ["HIT", "STALE"].includes(answer.headers.get("x-cache") ?? "");
          if (order[i] && cached) signedInFromCache++;
        }
      }
      expect(signedInFromCache).toBeGreaterThan(0);
    }
    // Each person's own part of the page is theirs, and no cache keeps it.
    for (const [i, cookie] of cookies.entries()) {
      const viewer = await get("/session/viewer", cookie);
      expect(viewer.headers.get("cache-control")).toBe("private, no-store");
      expect(viewer.headers.get("x-cache")).toBeNull();
      expect(await viewer.json()).toMatchObject({ user: { name: names[i], businessOwner: false } });
    }
    expect(await (await get("/session/viewer")).json()).toEqual({ user: null, event: null });
  });

  it("gives each person their own hold and tickets of an event, never in the shared page", async () => {
    const event = await publishedEvent(`Cache Own Part ${letters()}`);
    const types = await call<{ ticketTypes: { id: string }[] }>("events.get", {
      id: event.shortId,
    });
    const typeId = types.ticketTypes[0]?.id;
    const buyer = await signedInPerson(baseURL, `Holder ${letters()}`, uniquePhone());
    const other = await signedInCookie(`Bystander ${letters()}`);
    const partOf = async (cookie?: string, shortId = event.shortId) => {
      const answer = await get(`/session/viewer?event=${shortId}`, cookie);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      return (await answer.json()) as { event: unknown };
    };
    expect((await partOf(buyer.cookie)).event).toEqual({
      shortId: event.shortId,
      eventId: event.eventId,
      hold: null,
      ticketCount: 0,
      waitingList: [],
    });
    const hold = await call<{ id: string }>(
      "holds.create",
      {
        eventId: event.shortId,
        items: [{ ticketTypeId: typeId, quantity: 2 }],
        idempotencyKey: crypto.randomUUID(),
      },
      buyer.userId,
    );
    const holding = (await partOf(buyer.cookie)).event as { hold: { expiresAt: string } };
    expect(holding).toMatchObject({ hold: { ticketCount: 2 }, ticketCount: 0 });
    expect(Date.parse(holding.hold.expiresAt)).toBeGreaterThan(Date.now());
    // The page itself is everyone's: it names no hold, whoever asks.
    const page = await get(`/${event.shortId}`, buyer.cookie);
    expect(page.headers.get("cache-control")).toContain("public");
    expect(await page.text()).not.toContain("You are holding");
    await call(
      "bookings.confirm",
      {
        holdId: hold.id,
        attendees: [{ name: "Guest One" }, { name: "Guest Two" }],
        idempotencyKey: crypto.randomUUID(),
      },
      buyer.userId,
    );
    expect((await partOf(buyer.cookie)).event).toMatchObject({ hold: null, ticketCount: 2 });
    expect((await partOf(other)).event).toMatchObject({ hold: null, ticketCount: 0 });
    expect(await partOf()).toEqual({ user: null, event: null });
    expect((await partOf(buyer.cookie, "zzzzzzzz")).event).toBeNull();
    const bad = await get("/session/viewer?event=%3Cscript%3E", buyer.cookie);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { status: "INVALID_ARGUMENT" } });
  });

  it("shows a draft's page to its owner only, never kept", async () => {
    const phone = uniquePhone();
    const event = await publishedEvent(`Cache Draft ${letters()}`, phone);
    await call("events.unpublish", { eventId: event.eventId }, event.userId);
    const ownerCookie = await signedInCookie("Cache Organiser", phone);
    const path = `/${event.shortId}`;
    const owner = await get(path, ownerCookie);
    expect(owner.status).toBe(200);
    expect(owner.headers.get("cache-control")).toBe("private, no-store");
    expect(await owner.text()).toContain("only you can see this page");
    expect((await get(path)).status).toBe(404);
    expect((await get(path, await signedInCookie(`Someone ${letters()}`))).status).toBe(404);
  });

  it("shows an edited event's page at once, well within the cache's life", async () => {
    const title = `Cache Night ${letters()}`;
    const event = await publishedEvent(title);
    const opened = await get(`/${event.shortId}`);
    expect(await opened.text()).toContain(event.fields.description);
    // The short id alone redirects to the page's address: that one is kept.
    const path = new URL(opened.url).pathname;
    expect(path).toContain(event.shortId);
    const cached = await get(path);
    expect(cached.headers.get("x-cache")).toBe("HIT");
    expect(cached.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=1, stale-while-revalidate=2",
    );
    expect((await get(`${path}.data`)).status).toBe(200);
    expect((await get(`${path}.data`)).headers.get("x-cache")).toBe("HIT");
    const description = `Now with ${letters()} on the bill.`;
    await call(
      "events.update",
      { eventId: event.eventId, ...event.fields, description },
      event.userId,
    );
    const edited = await get(path);
    expect(edited.headers.get("x-cache")).toBe("MISS");
    const page = await edited.text();
    expect(page).toContain(description);
    expect(page).not.toContain(event.fields.description);
    // Its data request too (client-side navigation).
    const data = await get(`${path}.data`);
    expect(data.status).toBe(200);
    expect(await data.text()).toContain(description);
  });

  it("never shares a nonce: a render has its own, a cached page allows only its own inline scripts", async () => {
    const nonces: string[] = [];
    let hits = 0;
    for (let i = 0; i < 6; i++) {
      const response = await get(`/?q=${i < 3 ? "nonce" : letters()}`);
      const csp = response.headers.get("content-security-policy") ?? "";
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      if (response.headers.get("x-cache") === "HIT") {
        hits++;
        // No nonce at all: not in the header, not on the page.
        expect(csp).not.toContain("'nonce-");
        expect(html).not.toMatch(/\snonce="/);
        // The header allows exactly this page's inline scripts, by hash, and nothing inline else.
        const allowed = new Set(csp.match(/'sha256-[^']+'/g) ?? []);
        const own = new Set(
          scripts
            .filter((m) => !/\ssrc=/.test(m[1] ?? ""))
            .map(
              (m) =>
                `'sha256-${createHash("sha256")
                  .update(m[2] ?? "")
                  .digest("base64")}'`,
            ),
        );
        expect(own.size).toBeGreaterThan(0);
        expect(allowed).toEqual(own);
        expect(csp).not.toContain("unsafe-inline'; ");
        expect(/script-src ([^;]*)/.exec(csp)?.[1]).not.toContain("unsafe-inline");
      } else {
        // A render: its own nonce on every script.
        const nonce = nonceOf(response);
        expect(nonce).toBeTruthy();
        for (const m of scripts) expect(m[0]).toContain(`nonce="${nonce}"`);
        nonces.push(nonce as string);
      }
    }
    expect(hits).toBeGreaterThan(0);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
