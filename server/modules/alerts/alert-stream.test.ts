import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "#contract/cookie-names.ts";
import {
  DOOR_MESSAGE_KIND,
  doorTopic,
  doorTopicSource,
} from "#server/modules/checkin/door-topics.ts";
import { teamTopicSource } from "#server/modules/teams/team-topics.ts";
import { publishRealtime } from "#server/platform/realtime/publish.ts";
import { createRealtimeHub, type RealtimeHub } from "#server/platform/realtime/realtime-hub.ts";
import { realtimeStreamRouter } from "#server/platform/realtime/stream-router.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { alertsTestKit } from "#tests/support/kits/alerts-test-kit.ts";
import { openSse } from "#tests/support/sse-reader.ts";

const log = createLogger("silent");

// Alerts and door news on the live stream with the real topic sources (re-read every 200 ms here).
describe.each(testDatabases)("alerts on the live stream on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: Awaited<ReturnType<typeof alertsTestKit>>;
  let hub: RealtimeHub;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    database = await open();
    kit = await alertsTestKit(database);
    hub = createRealtimeHub(database, log);
    await hub.start();
    const app = express();
    app.use(
      "/api",
      realtimeStreamRouter({
        hub,
        sessionsForTokens: (tokens) => kit.services.auth.sessionsForTokens(tokens),
        topicSources: [teamTopicSource(database.db), doorTopicSource(database.db)],
        log,
        checkMs: 200,
      }),
    );
    server = await new Promise<Server>((resolve) => {
      const started = app.listen(0, "127.0.0.1", () => resolve(started));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stream`;
  }, 120_000);
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await hub?.stop();
    await database?.dispose();
  });

  async function cookieOf(userId: string) {
    const issued = await database.db.transaction((tx) =>
      kit.services.auth.startSession(tx, userId, { ip: "127.0.0.1", userAgent: "test" }),
    );
    return `${SESSION_COOKIE}=${issued.sessionToken}`;
  }
  const subjectOf = (message: { data: string } | null) =>
    message ? (JSON.parse(message.data) as { payload: { subject: string } }).payload.subject : null;
  const send = (
    owner: { call: (n: string, d: unknown) => Promise<unknown> },
    teamId: string,
    subject: string,
  ) => owner.call("alerts.send", { teamIds: [teamId], subject, body: "Body.", urgency: "normal" });

  it("gives a member who was cut off every missed alert on reconnect, in order, none twice", async () => {
    const owner = await kit.owner();
    const team = await owner.team("Door");
    const me = await kit.member(owner, team);
    const cookie = await cookieOf(me.user.id);
    const first = await openSse(url, { cookie });
    await send(owner, team, "one");
    const seen = await first.next();
    expect(subjectOf(seen)).toBe("one");
    first.close();
    for (const subject of ["two", "three", "four"]) await send(owner, team, subject);
    const again = await openSse(url, { cookie, "last-event-id": seen?.id ?? "" });
    const replayed = [await again.next(), await again.next(), await again.next()];
    expect(replayed.map(subjectOf)).toEqual(["two", "three", "four"]);
    await send(owner, team, "five");
    expect(subjectOf(await again.next())).toBe("five");
    expect(await again.next(500)).toBeNull();
    again.close();
  });

  it("replays to a new member only what their teams and doors published after they joined", async () => {
    const owner = await kit.owner();
    const team = await owner.team("Door", [owner.event.id]);
    const door = (change: string) =>
      publishRealtime(database.db, {
        topic: doorTopic(owner.event.id),
        kind: DOOR_MESSAGE_KIND,
        payload: { eventId: owner.event.id, change },
      });
    await send(owner, team, "Back door code is 4711");
    await door("before");
    const me = await kit.member(owner, team);
    await send(owner, team, "after joining");
    await door("after");
    const replay = await openSse(url, { cookie: await cookieOf(me.user.id), "last-event-id": "0" });
    const heard = [await replay.next(1000), await replay.next(1000), await replay.next(500)];
    expect(heard.map((m) => (m ? JSON.parse(m.data) : null))).toEqual([
      expect.objectContaining({
        kind: "alert",
        payload: expect.objectContaining({ subject: "after joining" }),
      }),
      expect.objectContaining({
        kind: DOOR_MESSAGE_KIND,
        payload: expect.objectContaining({ change: "after" }),
      }),
      null,
    ]);
    replay.close();
  });

  it("replays a door's news to a team's member only from when the team was assigned the event", async () => {
    const owner = await kit.owner();
    const team = await owner.team("Door");
    const me = await kit.member(owner, team);
    const door = (change: string) =>
      publishRealtime(database.db, {
        topic: doorTopic(owner.event.id),
        kind: DOOR_MESSAGE_KIND,
        payload: { eventId: owner.event.id, change },
      });
    await door("before the team was assigned");
    await owner.call("teams.assignEvents", { teamId: team, eventIds: [owner.event.id] });
    await door("after");
    // Saving the same assignment again keeps when it was first made.
    await owner.call("teams.assignEvents", { teamId: team, eventIds: [owner.event.id] });
    const replay = await openSse(url, { cookie: await cookieOf(me.user.id), "last-event-id": "0" });
    const heard = [await replay.next(1000), await replay.next(500)];
    expect(heard.map((m) => (m ? JSON.parse(m.data).payload.change : null))).toEqual([
      "after",
      null,
    ]);
    replay.close();
  });

  it("stops a removed member's open stream from hearing the team within seconds", async () => {
    const owner = await kit.owner();
    const team = await owner.team("Door");
    const me = await kit.member(owner, team);
    const outsider = await kit.member(owner, await owner.team("Other"));
    const stream = await openSse(url, { cookie: await cookieOf(me.user.id) });
    const other = await openSse(url, { cookie: await cookieOf(outsider.user.id) });
    await send(owner, team, "while a member");
    expect(subjectOf(await stream.next())).toBe("while a member");
    await owner.call("teams.removeMember", { teamId: team, userId: me.user.id });
    await new Promise((resolve) => setTimeout(resolve, 600));
    await send(owner, team, "after removal");
    expect(await stream.next(1000)).toBeNull();
    expect(await other.next(200)).toBeNull();
    stream.close();
    other.close();
  });
});
