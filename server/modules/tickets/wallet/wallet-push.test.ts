import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { ticketsKit } from "#tests/support/kits/tickets-test-kit.ts";
import {
  localTlsPeerCertificate,
  makeWalletTestFiles,
  TEST_PASS_TYPE_ID,
} from "#tests/support/wallet-certs.ts";
import { type ApnsClient, createApnsClient } from "./apns-client.ts";
import { rememberDevice } from "./wallet-device-registrations.ts";
import { pushWalletUpdates } from "./wallet-push.ts";

type Received = { path: string; topic: string; clientCn: string };

/**
 * A local HTTP/2 peer in APNs' place: TLS, asking for the client certificate (trusting the
 * test pass chain), answering each push with the next status of `answers` (then 200).
 */
async function apnsPeer(trusted: string[]) {
  const tls = localTlsPeerCertificate();
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http2.createSecureServer({
    key: tls.key,
    cert: tls.cert,
    ca: trusted,
    requestCert: true,
    rejectUnauthorized: true,
  });
  server.on("stream", (stream, headers) => {
    const socket = stream.session?.socket as TLSSocket | undefined;
    received.push({
      path: String(headers[":path"]),
      topic: String(headers["apns-topic"]),
      clientCn: String(socket?.getPeerCertificate().subject?.CN ?? ""),
    });
    stream.resume();
    stream.on("end", () => {
      const status = answers.shift() ?? 200;
      stream.respond({ ":status": status, "content-type": "application/json" });
      stream.end(status === 200 ? "" : JSON.stringify({ reason: "Unregistered" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ca: tls.ca,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases)("wallet pass pushes on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof ticketsKit>>;
  let peer: Awaited<ReturnType<typeof apnsPeer>>;
  let apns: ApnsClient;
  beforeAll(async () => {
    const files = makeWalletTestFiles();
    const read = (name: string) => readFileSync(files.env[name] ?? "", "utf8");
    db = await database.open();
    kit = await ticketsKit(db, files.env);
    peer = await apnsPeer([readFileSync(files.caFile, "utf8"), read("APPLE_WWDR_CERT_FILE")]);
    apns = createApnsClient({
      url: peer.url,
      cert: read("APPLE_PASS_CERT_FILE"),
      key: read("APPLE_PASS_KEY_FILE"),
      ca: peer.ca,
    });
  }, 120_000);
  afterAll(async () => {
    apns?.close();
    await peer?.close();
    await db?.dispose();
  });

  async function registeredTicket() {
    const { me, event } = await kit.holderOf(1);
    const [ticket] = (await me.call("tickets.forEvent", { eventId: event.id })).tickets;
    const pushToken = `token-${randomUUID()}`;
    await rememberDevice(db.db, {
      deviceLibraryId: `device-${randomUUID()}`,
      passTypeId: TEST_PASS_TYPE_ID,
      ticketId: ticket.id,
      pushToken,
    });
    const giveAway = () =>
      me.call("tickets.assign", {
        ticketId: ticket.id,
        name: "Ada Lovelace",
        phone: "+447911123497",
        idempotencyKey: randomUUID(),
      });
    return { ticket, pushToken, giveAway };
  }
  const pushesTo = (token: string) => peer.received.filter((r) => r.path === `/3/device/${token}`);

  it("pushes a device once, with the pass certificate, after its ticket is given away", async () => {
    const { pushToken, giveAway } = await registeredTicket();
    await pushWalletUpdates(db.db, apns);
    expect(pushesTo(pushToken)).toEqual([]);

    await giveAway();
    expect(await pushWalletUpdates(db.db, apns)).toBeGreaterThanOrEqual(1);
    expect(pushesTo(pushToken)).toEqual([
      {
        path: `/3/device/${pushToken}`,
        topic: TEST_PASS_TYPE_ID,
        clientCn: `Pass Type ID: ${TEST_PASS_TYPE_ID}`,
      },
    ]);
    await pushWalletUpdates(db.db, apns);
    expect(pushesTo(pushToken)).toHaveLength(1);
  });

  it("pushes again next round when APNs failed, and forgets a device APNs no longer knows", async () => {
    const failed = await registeredTicket();
    const gone = await registeredTicket();
    await pushWalletUpdates(db.db, apns);
    await failed.giveAway();
    peer.answers.push(500);
    await pushWalletUpdates(db.db, apns);
    expect(pushesTo(failed.pushToken)).toHaveLength(1);
    await pushWalletUpdates(db.db, apns);
    expect(pushesTo(failed.pushToken)).toHaveLength(2);

    await gone.giveAway();
    peer.answers.push(410);
    await pushWalletUpdates(db.db, apns);
    expect(pushesTo(gone.pushToken)).toHaveLength(1);
    const left = await rowsOf<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from wallet_device_registrations where ticket_id = ${gone.ticket.id}::uuid`,
    );
    expect(left[0]?.n).toBe(0);
  });
});
