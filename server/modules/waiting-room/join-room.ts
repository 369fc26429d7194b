import { sql } from "drizzle-orm";
import type { WaitingRoomView } from "#contract/waiting-room.ts";
import type { ContextFor } from "#server/platform/callable/define-function.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { RateRule } from "#server/platform/rate-limit/rate-limiter.ts";
import { checkProof } from "./join-proof.ts";
import { loadRoom, type RoomRow, roomView, turnLapsed } from "./room-view.ts";

/** Joins of one account: a reload or two, a lapsed turn, never a loop. */
export const joinPerAccountRule: RateRule = {
  name: "waitingRoom.join.account",
  limit: 10,
  windowSeconds: 10 * 60,
  blockSeconds: 10 * 60,
};

/** Joins from one address per minute (the limit is a setting: a venue's wifi shares one). */
export const joinPerAddressRule = (limit: number): RateRule => ({
  name: "waitingRoom.join.address",
  limit,
  windowSeconds: 60,
  blockSeconds: 60,
});

export type JoinInput = { eventId: string; challenge: string; nonce: number };

type SignedIn = ContextFor<"signed-in">;

function roomOff(): FunctionError {
  return new FunctionError("FAILED_PRECONDITION", "This sale has no waiting room.", {
    reason: "no-waiting-room",
  });
}

/** The room and the caller's place, or FAILED_PRECONDITION when the room is off. */
export async function openRoom(ctx: SignedIn, eventRef: string): Promise<RoomRow> {
  const row = await loadRoom(ctx.db, eventRef, ctx.auth.userId);
  if (!row.enabled) throw roomOff();
  return row;
}

/**
 * Joins the caller to an event's room (`waitingRoom.join`, decision 033): rate limited per
 * account and address, then a proof of work. One insert (arrival order from a sequence,
 * no shared row); places are given by the leader. Joining again keeps the place, except
 * after a turn that lapsed unused: then at the back. After the sell-out nobody queues.
 */
export async function joinRoom(ctx: SignedIn, input: JoinInput): Promise<WaitingRoomView> {
  const { userId } = ctx.auth;
  const { settings, rateLimiter } = ctx.services;
  await Promise.all([
    rateLimiter.consume(joinPerAccountRule, userId),
    rateLimiter.consume(joinPerAddressRule(settings.WAITING_ROOM_JOINS_PER_ADDRESS), ctx.client.ip),
  ]);
  const row = await openRoom(ctx, input.eventId);
  checkProof(settings.APP_SECRET, userId, row.event_id, input);
  const lapsed = turnLapsed(row);
  if (row.sold_out_at !== null || (row.seq !== null && !lapsed)) {
    return roomView(row, settings.APP_SECRET, userId);
  }
  // The new place comes back from its own statement: no second read of the room.
  const [placed] = await rowsOf<{ seq: string | number }>(
    ctx.db,
    lapsed
      ? sql`update waiting_places
          set seq = nextval('waiting_arrivals'), early = false, place = null, admitted_at = null,
            joined_at = now()
          where event_id = ${row.event_id} and user_id = ${userId}
          returning seq`
      : // Early is decided by the database's clock, as the leader's draw is.
        sql`insert into waiting_places (event_id, user_id, early)
          values (${row.event_id}, ${userId}, now() < ${row.sale_starts_at})
          on conflict do nothing
          returning seq`,
  );
  const joined = placed
    ? {
        ...row,
        seq: placed.seq,
        place: null,
        admitted_at: null,
        admission_open: null,
        held_since: false,
      }
    : // Joined at the same moment from another tab: that place stands.
      await loadRoom(ctx.db, row.event_id, userId);
  return roomView(joined, settings.APP_SECRET, userId);
}
