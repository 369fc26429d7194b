import { once } from "node:events";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toLocalInput } from "#server/modules/events/zoned-time.ts";
import { postgresOnly } from "#tests/support/databases.ts";
import { createTempDatabase } from "#tests/support/postgres.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

/** A GET on a new connection (the cluster hands new connections round-robin). */
async function freshGet(url: string): Promise<{ cache: string; body: string }> {
  const request = http.get(url, { agent: false, headers: { "User-Agent": "Mozilla/5.0 Chrome" } });
  request.setTimeout(10_000, () => request.destroy(new Error("no answer")));
  const [response] = (await once(request, "response")) as [http.IncomingMessage];
  let body = "";
  for await (const chunk of response) body += chunk;
  return { cache: String(response.headers["x-cache"]), body };
}

async function call<T>(server: RunningServer, name: string, data: unknown, userId?: string) {
  const response = await fetch(`${server.url}/api/fn/${name}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(userId ? { authorization: `Bearer test:${userId}:` } : {}),
    },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: T; error?: unknown };
  if (!response.ok) throw new Error(`${name}: ${JSON.stringify(body.error)}`);
  return body.result as T;
}

const inDays = (days: number, hour: number) =>
  `${toLocalInput(new Date(Date.now() + days * 86_400_000), "Europe/London").slice(0, 10)}T${hour}:00`;

describe.each(postgresOnly)("the page cache across server processes on $name", () => {
  let temp: Awaited<ReturnType<typeof createTempDatabase>>;
  beforeAll(async () => {
    temp = await createTempDatabase("pagecache", { migrated: true });
  });
  afterAll(() => temp?.drop());

  it("an edit through one process empties the cache of the others", async () => {
    // A long life: only the message between processes can make the edit show at once.
    const server = await spawnServer({
      env: {
        NODE_ENV: "test",
        DATABASE_URL: temp.url,
        WEB_CONCURRENCY: "2",
        PUBLIC_CACHE_SECONDS: "30",
        DEMO_DATA: "off",
      },
    });
    try {
      const { userId } = await call<{ userId: string }>(server, "test.signInAs", {
        name: "Two Process Organiser",
        phone: "+15550001234",
      });
      await call(
        server,
        "businesses.apply",
        {
          name: "Twin Hall Ltd",
          type: "venue",
          contactPhone: "+442071234567",
          contactEmail: "twin@example.com",
          address: "2 Twin Row, York",
        },
        userId,
      );
      const fields = {
        title: "Twin Process Evening",
        description: "First words.",
        venueName: "Twin Hall",
        venueAddress: "2 Twin Row, York",
        timeZone: "Europe/London",
        startsLocal: inDays(30, 19),
        endsLocal: inDays(30, 22),
        category: "music",
      };
      const event = await call<{ eventId: string; shortId: string }>(
        server,
        "events.create",
        fields,
        userId,
      );
      await call(
        server,
        "ticketTypes.create",
        { eventId: event.eventId, name: "Entry", priceMinor: 0, currency: "GBP", capacity: 5 },
        userId,
      );
      await call(server, "events.publish", { eventId: event.eventId }, userId);
      const page = `${server.url}/twin-process-evening-${event.shortId}`;
      // Both processes render and keep the page (new connections alternate between them).
      let hits = 0;
      for (let i = 0; i < 12; i++) {
        const answer = await freshGet(page);
        expect(answer.body).toContain("First words.");
        if (answer.cache === "HIT") hits++;
      }
      expect(hits).toBeGreaterThanOrEqual(8);

      await call(
        server,
        "events.update",
        { eventId: event.eventId, ...fields, description: "Second words." },
        userId,
      );
      // The message reaches the other process within moments.
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (let i = 0; i < 12; i++) {
        const answer = await freshGet(page);
        expect(answer.body, `answer ${i}`).toContain("Second words.");
      }
    } finally {
      await server.stop("SIGTERM");
    }
  }, 120_000);
});
