import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasLeadingZeroBits,
  type WaitingRoomState,
  type WaitingRoomView,
} from "#contract/waiting-room.ts";
import { bookingFunctions } from "#server/modules/bookings/bookings.functions.ts";
import { eventWaitingRooms } from "#server/modules/events/events.schema.ts";
import { holdFunctions } from "#server/modules/holds/holds.functions.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { expireNow, makeEvent, makeUser, newKey, nth } from "#tests/support/kits/holds-test-kit.ts";
import {
  functionContext,
  type ProfileTestKit,
  profileTestKit,
} from "#tests/support/kits/profile-test-kit.ts";
import { solveChallenge } from "./join-proof.ts";
import { tickRooms } from "./room-leader.ts";
import { waitingRoomFunctions } from "./waiting-room.functions.ts";

/** The gate trusts its list of rooms that are on for a second. */
const roomsSeen = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe.each(testDatabases)("waiting room on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  const registry = createRegistry([...waitingRoomFunctions, ...holdFunctions, ...bookingFunctions]);
  let address = 0;
  beforeAll(async () => {
    database = await open();
    kit = await profileTestKit(database, { WAITING_ROOM_POW_BITS: "6" });
  }, 120_000);
  afterAll(() => database?.dispose());

  // biome-ignore lint/suspicious/noExplicitAny: each test checks the shape it needs
  const call = (userId: string, name: string, data: unknown, sessionId = "s1"): Promise<any> => {
    const ctx = functionContext(kit.services, { userId, sessionId, roles: [] });
    ctx.client = { ip: `198.51.100.${(address++ % 250) + 1}`, userAgent: "test" };
    return registry.invoke(name, data, ctx);
  };
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      (result) => {
        throw new Error(`expected a refusal, got ${JSON.stringify(result)}`);
      },
      (error: { status?: string; message?: string }) => ({
        status: error.status,
        message: error.message,
      }),
    );
  const join = async (userId: string, eventId: string): Promise<WaitingRoomView> => {
    const challenge = await call(userId, "waitingRoom.challenge", { eventId });
    return call(userId, "waitingRoom.join", {
      eventId,
      ...challenge,
      nonce: solveChallenge(challenge),
    });
  };
  const status = (userId: string, eventId: string): Promise<WaitingRoomView> =>
    call(userId, "waitingRoom.status", { eventId });
  const tick = () => tickRooms(database.db, 120);
  const hold = (userId: string, eventId: string, ticketTypeId: string, quantity = 1) =>
    call(userId, "holds.create", {
      eventId,
      items: [{ ticketTypeId, quantity }],
      idempotencyKey: newKey(),
    });
  const confirm = (userId: string, holdId: string, quantity = 1) =>
    call(userId, "bookings.confirm", {
      holdId,
      attendees: Array.from({ length: quantity }, (_, i) => ({ name: `Guest ${i + 1}` })),
      idempotencyKey: newKey(),
    });

  /** An event with one type of `tickets` and its room on, starting in an hour. */
  async function roomEvent(tickets: number, checkoutCapacity: number) {
    const made = await makeEvent(database.db, { types: [{ capacity: tickets }] });
    await database.db.insert(eventWaitingRooms).values({
      eventId: made.event.id,
      saleStartsAt: new Date(Date.now() + 3_600_000),
      checkoutCapacity,
    });
    return { ...made, type: nth(made.types, 0) };
  }
  /** The sale's start arrives (moved to now rather than waited for). */
  const startSale = (eventId: string) =>
    database.db.execute(
      sql`update event_waiting_rooms set sale_starts_at = now() where event_id = ${eventId}`,
    );
  const people = (count: number) =>
    Promise.all(Array.from({ length: count }, () => makeUser(database.db)));
  const placeOf = async (userId: string, eventId: string) =>
    (await status(userId, eventId)).place?.place;

  it("draws random places for those who came early, then queues later arrivals in order", async () => {
    const { event } = await roomEvent(100, 3);
    const early = await people(20);
    for (const person of early) {
      const view = await join(person.id, event.shortId);
      expect(view.place).toMatchObject({ place: null, admittedUntil: null, lapsed: false });
      expect(view.room).toMatchObject({ drawn: false, soldOut: false });
    }
    await startSale(event.id);
    const late = await people(5);
    for (const person of late) await join(person.id, event.id);
    await tick();
    const earlyPlaces = await Promise.all(early.map((p) => placeOf(p.id, event.id)));
    expect([...earlyPlaces].sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    // Arriving first gives no edge: the draw is not the order of arrival.
    expect(earlyPlaces).not.toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await Promise.all(late.map((p) => placeOf(p.id, event.id)))).toEqual([
      21, 22, 23, 24, 25,
    ]);
    const room = (await status(nth(late, 0).id, event.id)).room as WaitingRoomState;
    expect(room).toMatchObject({ drawn: true, placed: 25, admittedThrough: 3 });
  });

  it("lets no one without admission hold while the room is on, and admits as checkouts finish", async () => {
    const { event, type } = await roomEvent(10, 2);
    const [a, b, c] = await people(3);
    const outsider = await makeUser(database.db);
    if (!a || !b || !c) throw new Error("people");
    await startSale(event.id);
    for (const person of [a, b, c]) await join(person.id, event.id);
    await roomsSeen();
    await tick();
    expect((await status(a.id, event.id)).place?.admittedUntil).toEqual(expect.any(String));
    expect((await status(c.id, event.id)).place?.admittedUntil).toBeNull();
    for (const refused of [c, outsider]) {
      expect(await failure(hold(refused.id, event.id, type.id))).toEqual({
        status: "FAILED_PRECONDITION",
        message: "This sale has a waiting room: join it to get your turn.",
      });
    }
    const taken = await hold(a.id, event.id, type.id);
    // Two checkouts busy (a's hold, b admitted without one yet): c still waits.
    await tick();
    expect((await status(c.id, event.id)).room?.admittedThrough).toBe(2);
    await confirm(a.id, taken.id);
    await tick();
    const turn = await status(c.id, event.id);
    expect(turn.room?.admittedThrough).toBe(3);
    expect(turn.place?.admittedUntil).toEqual(expect.any(String));
    await hold(c.id, event.id, type.id, 2);
    // A turn lapses after 10 minutes without a hold.
    await database.db.execute(
      sql`update waiting_places set admitted_at = now() - interval '11 minutes'
        where event_id = ${event.id} and user_id = ${b.id}`,
    );
    expect((await status(b.id, event.id)).place).toMatchObject({
      lapsed: true,
      admittedUntil: null,
    });
    expect((await failure(hold(b.id, event.id, type.id))).status).toBe("FAILED_PRECONDITION");
    // Joining again puts them at the back of the queue.
    expect((await join(b.id, event.id)).place).toMatchObject({ place: null, lapsed: false });
    await tick();
    expect(await placeOf(b.id, event.id)).toBe(4);
  });

  it("keeps a place across reloads and devices, as a token bound to the person", async () => {
    const { event } = await roomEvent(10, 1);
    const [a, b] = await people(2);
    if (!a || !b) throw new Error("people");
    const joined = await join(a.id, event.shortId);
    const again = await join(a.id, event.shortId);
    const otherDevice = await call(
      a.id,
      "waitingRoom.status",
      {
        eventId: event.shortId,
        placeToken: joined.place?.placeToken,
      },
      "another-session",
    );
    expect(again.place?.placeToken).toBe(joined.place?.placeToken);
    expect(otherDevice.place?.placeToken).toBe(joined.place?.placeToken);
    await startSale(event.id);
    await tick();
    expect(await placeOf(a.id, event.id)).toBe(1);
    expect(
      await failure(
        call(b.id, "waitingRoom.status", {
          eventId: event.id,
          placeToken: joined.place?.placeToken,
        }),
      ),
    ).toEqual({ status: "INVALID_ARGUMENT", message: "This place belongs to another account." });
  });

  it("tells everyone at once when the tickets run out, and lets no one queue after", async () => {
    const { event, type } = await roomEvent(2, 10);
    const waiting = await people(5);
    await startSale(event.id);
    for (const person of waiting) await join(person.id, event.id);
    await roomsSeen();
    await tick();
    const [first, second] = waiting;
    if (!first || !second) throw new Error("people");
    // Only as many are admitted as there are tickets.
    expect((await status(first.id, event.id)).room?.admittedThrough).toBe(2);
    const holdOne = await hold(first.id, event.id, type.id);
    const holdTwo = await hold(second.id, event.id, type.id);
    await tick();
    expect((await status(first.id, event.id)).room).toMatchObject({
      allHeld: true,
      soldOut: false,
    });
    // A hold that runs out gives its ticket back, and the next person is admitted.
    await expireNow(database.db, holdTwo.id);
    await database.db.execute(
      sql`update holds set status = 'expired', ended_at = now() where id = ${holdTwo.id}`,
    );
    await database.db.execute(sql`update ticket_types set taken = taken - 1 where id = ${type.id}`);
    await tick();
    expect((await status(first.id, event.id)).room?.admittedThrough).toBe(3);
    const third = nth(waiting, 2);
    const holdThree = await hold(third.id, event.id, type.id);
    await confirm(first.id, holdOne.id);
    await confirm(third.id, holdThree.id);
    await tick();
    const closed = await status(nth(waiting, 4).id, event.id);
    expect(closed.room).toMatchObject({ soldOut: true, allHeld: false });
    const [told] = await rowsOf<{ payload: WaitingRoomState }>(
      database.db,
      sql`select payload from realtime_events where topic = ${`room:${event.id}`}
        order by id desc limit 1`,
    );
    expect(told?.payload).toMatchObject({ eventId: event.id, soldOut: true });
    const late = await makeUser(database.db);
    const after = await join(late.id, event.id);
    expect(after.place).toBeNull();
    expect(after.room?.soldOut).toBe(true);
  });

  it("admits no one to tickets a waiting list keeps, and is not sold out while it keeps them", async () => {
    const { event, type } = await roomEvent(2, 10);
    const inLine = await makeUser(database.db);
    // Someone waits in the type's list (decision 034): its free tickets are the list's.
    await database.db.execute(sql`insert into waiting_list_entries
      (event_id, ticket_type_id, user_id, quantity)
      values (${event.id}, ${type.id}, ${inLine.id}, 1)`);
    const waiting = await people(3);
    await startSale(event.id);
    for (const person of waiting) await join(person.id, event.id);
    await tick();
    expect((await status(nth(waiting, 0).id, event.id)).room).toMatchObject({
      admittedThrough: 0,
      allHeld: true,
      soldOut: false,
    });
    // The list is over: the tickets are the public's, and the room admits to them.
    await database.db.execute(
      sql`update waiting_list_entries set status = 'left' where user_id = ${inLine.id}`,
    );
    await tick();
    expect((await status(nth(waiting, 0).id, event.id)).room).toMatchObject({
      admittedThrough: 2,
      allHeld: false,
      soldOut: false,
    });
  });

  it("admits no one to a hidden type's tickets, and sells out when only they are left", async () => {
    const made = await makeEvent(database.db, { types: [{ capacity: 1 }, { capacity: 50 }] });
    const [open, press] = [nth(made.types, 0), nth(made.types, 1)];
    // Sold only with its code (decision 036): the public never queues for it.
    await database.db.execute(sql`update ticket_types set hidden = true where id = ${press.id}`);
    await database.db.insert(eventWaitingRooms).values({
      eventId: made.event.id,
      saleStartsAt: new Date(Date.now() + 3_600_000),
      checkoutCapacity: 10,
    });
    const waiting = await people(3);
    await startSale(made.event.id);
    for (const person of waiting) await join(person.id, made.event.id);
    await roomsSeen();
    await tick();
    const first = nth(waiting, 0);
    expect((await status(first.id, made.event.id)).room?.admittedThrough).toBe(1);
    const held = await hold(first.id, made.event.id, open.id);
    await confirm(first.id, held.id);
    await tick();
    expect((await status(nth(waiting, 2).id, made.event.id)).room).toMatchObject({
      admittedThrough: 1,
      soldOut: true,
    });
  });

  it("asks for a proof of work bound to the person, and limits joins per account", async () => {
    const { event } = await roomEvent(10, 1);
    const [a, b] = await people(2);
    if (!a || !b) throw new Error("people");
    const challenge = await call(a.id, "waitingRoom.challenge", { eventId: event.id });
    expect(challenge.bits).toBe(6);
    const nonce = solveChallenge(challenge);
    expect(
      await failure(call(b.id, "waitingRoom.join", { eventId: event.id, ...challenge, nonce })),
    ).toMatchObject({ status: "INVALID_ARGUMENT" });
    // Nonces that do not solve it (at 6 bits, one in 64 does by chance).
    const solves = (n: number) =>
      hasLeadingZeroBits(createHash("sha256").update(`${challenge.challenge}:${n}`).digest(), 6);
    const wrong = Array.from({ length: 200 }, (_, i) => 10 ** 9 + i)
      .filter((n) => !solves(n))
      .slice(0, 9);
    const refusals = [];
    for (const bad of wrong) {
      refusals.push(
        await failure(
          call(a.id, "waitingRoom.join", { eventId: event.id, ...challenge, nonce: bad }),
        ),
      );
    }
    expect(refusals.map((r) => r.status)).toEqual(Array(9).fill("INVALID_ARGUMENT"));
    expect(
      (await call(a.id, "waitingRoom.join", { eventId: event.id, ...challenge, nonce })).place,
    ).not.toBeNull();
    expect((await failure(join(a.id, event.id))).status).toBe("RESOURCE_EXHAUSTED");
    const off = await makeEvent(database.db);
    expect(
      (await failure(call(a.id, "waitingRoom.challenge", { eventId: off.event.id }))).status,
    ).toBe("FAILED_PRECONDITION");
  });
});
