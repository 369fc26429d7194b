import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { createTempDatabase } from "#tests/support/postgres.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { newPage, waitForHydration } from "./browser.ts";
import { overlay, verdictOf } from "./scanner-page.ts";
import { callFunction, signInAs } from "./session.ts";
import { ticketHelpers } from "./ticket-helpers.ts";

// What the offline door's end-to-end files share: a server of their own that they stop and
// start again on the same port and database, the door's fixture, the scanner's states.

export type Ticket = { id: string; manualCode: string; qr: string; attendeeName?: string };

/**
 * A server on its own PostgreSQL database (TEST_DATABASE_URL), stopped and started at will;
 * `env`: more of the server's environment (e.g. a short ACCESS_TOKEN_TTL_SECONDS).
 */
export async function restartableServer(extraEnv: Record<string, string> = {}) {
  const temp = await createTempDatabase("e2e_door_offline", { migrated: true });
  const env = { ...extraEnv, NODE_ENV: "test", DATABASE_URL: temp.url, PGLITE_DIR: "" };
  let server: RunningServer | null = await spawnServer({ env });
  const port = server.port;
  const database: DatabaseHandle = await openDatabase({
    databaseUrl: temp.url,
    pgliteDir: "",
    poolMax: 2,
  });
  return {
    url: server.url,
    database,
    running: () => server !== null,
    async stop() {
      await server?.stop("SIGKILL");
      server = null;
    },
    async start() {
      server = await spawnServer({ env, port });
    },
    async close() {
      await server?.stop("SIGKILL");
      await database.close();
      await temp.drop();
    },
  };
}

/**
 * An event whose door team has Stan Staff (staff) and Cleo Coordinator, and `count` tickets
 * of Harriet Holder's (Guest 1…), through the functions of the server at `baseURL`.
 */
export async function doorFixture(baseURL: string, count: number) {
  const helpers = ticketHelpers(baseURL);
  const event = await helpers.freeEvent();
  const as = <T>(name: string, data: unknown, userId = event.organiserId) =>
    callFunction<T>(baseURL, name, data, userId);
  const { teamId } = await as<{ teamId: string }>("teams.create", { name: "Front door" });
  const member = async (name: string, role: "staff" | "coordinator") => {
    const phone = helpers.ukMobile();
    const { userId } = await as<{ userId: string }>("test.signInAs", { name, phone });
    await as("teams.addMember", { teamId, phone, role });
    return { name, phone, userId };
  };
  const staff = await member("Stan Staff", "staff");
  const coordinator = await member("Cleo Coordinator", "coordinator");
  await as("teams.assignEvents", { teamId, eventIds: [event.eventId] });
  const holder = await as<{ userId: string }>("test.signInAs", {
    name: "Harriet Holder",
    phone: helpers.ukMobile(),
  });
  for (let booked = 0; booked < count; booked += 4) {
    await helpers.book(holder.userId, event, Math.min(4, count - booked));
  }
  const tickets = async () =>
    (await as<{ tickets: Ticket[] }>("tickets.forEvent", { eventId: event.eventId }, holder.userId))
      .tickets;
  /** Gives the ticket away: its QR code so far is an old one. */
  const giveAway = (ticketId: string, name = "Gil Given") =>
    as(
      "tickets.assign",
      { ticketId, name, phone: helpers.ukMobile(), idempotencyKey: randomUUID() },
      holder.userId,
    );
  return { ...event, teamId, staff, coordinator, tickets: await tickets(), giveAway };
}

/** The token with one byte of its signature changed: well formed, forged. */
export function forged(token: string): string {
  const bytes = Buffer.from(token, "base64url");
  bytes[60] = (bytes[60] ?? 0) ^ 0x01;
  return bytes.toString("base64url");
}

export const banner = (page: Page) => page.getByTestId("door-status");

/**
 * A staff phone with the scanner (or the desk) of the event open, its copy synced (banner)
 * and the scanner's code and reader loaded.
 */
export async function openScanner(
  browser: Browser,
  baseURL: string,
  eventId: string,
  staff: { name: string; phone: string },
  pathname = `/team_coordinator/check_in/scanner/${eventId}`,
): Promise<Page> {
  const page = await newPage(browser, { mobile: true });
  await signInAs(page, baseURL, staff);
  await page.goto(`${baseURL}${pathname}`);
  await waitForHydration(page);
  await banner(page)
    .getByText(/Last synced/)
    .waitFor({ timeout: 15_000 });
  // The scanner's code is imported after the page is up: a server stopped before it came
  // would leave "The scanner could not load" (no file input) on a phone not yet kept by
  // the door's worker.
  await page.getByTestId("scanner-loading").waitFor({ state: "detached", timeout: 30_000 });
  // So is the reader's .wasm, once the scanner is up (the desk has none): a phone whose
  // worker does not yet control it, cut off before the file came, can read no code (the
  // flaky first verdict).
  if (!pathname.includes("/check_in/scanner/")) return page;
  await page.waitForFunction(
    () =>
      performance
        .getEntriesByType("resource")
        .some(
          (entry) =>
            entry.name.endsWith(".wasm") && (entry as PerformanceResourceTiming).responseEnd > 0,
        ),
    undefined,
    { timeout: 30_000 },
  );
  return page;
}

/**
 * The verdict shown, whether judged offline, and the card's text; then back to scanning.
 * Up to 30 s: reading the image, a cut call and the judging on the device take seconds
 * when the machine is busy with the rest of the suite (the door says within 3 s in use).
 */
export async function shownVerdict(page: Page) {
  await overlay(page).waitFor({ timeout: 60_000 });
  const shown = {
    verdict: await verdictOf(page),
    offline: (await overlay(page).getAttribute("data-offline")) === "true",
    text: (await overlay(page).textContent()) ?? "",
  };
  await page.getByRole("button", { name: "Scan the next ticket" }).click();
  await overlay(page).waitFor({ state: "detached" });
  return shown;
}

/** The ticket's check-ins in the database: whether each was an offline admission. */
export async function checkInsOf(database: DatabaseHandle, ticketId: string) {
  return rowsOf<{ offline: boolean; device_id: string }>(
    database.db,
    sql`select offline, device_id from check_ins where ticket_id = ${ticketId} order by created_at`,
  );
}

/**
 * Waits until the door's service worker controls the page and keeps the page and its
 * loader data (app/door-worker): then the page opens again with no server.
 */
export async function untilKeptByWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const url = page.url();
  const wanted = [url, `${url}.data`];
  const kept = () =>
    page
      .evaluate(async (urls) => {
        const names = await caches.keys();
        const pages = names.find((name) => name.startsWith("door-pages-"));
        if (!pages) return [];
        const cache = await caches.open(pages);
        const found = await Promise.all(
          urls.map(async (at) => ((await cache.match(at, { ignoreVary: true })) ? at : null)),
        );
        return found.filter((at) => at !== null);
      }, wanted)
      .catch(() => null);
  for (let tries = 0; tries < 100; tries++) {
    if ((await kept())?.length === wanted.length) return;
    await page.waitForTimeout(200);
  }
  throw new Error(`the worker did not keep ${wanted.join(" and ")}`);
}
