import { z } from "zod";
import type { JoinChallenge } from "#contract/waiting-room.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { issueChallenge } from "./join-proof.ts";
import { joinRoom, openRoom } from "./join-room.ts";
import { isOwnPlaceToken } from "./place-token.ts";
import { roomView } from "./room-view.ts";

const eventRef = z.string().trim().min(1, "Choose an event.").max(100);

export const getJoinChallenge = defineFunction({
  name: "waitingRoom.challenge",
  input: z.object({ eventId: eventRef }),
  access: "signed-in",
  // Not rate limited: a challenge is signed, not stored, and costs one read; the join that
  // spends it is limited per account and address.
  handler: async (data, ctx): Promise<JoinChallenge> => {
    const room = await openRoom(ctx, data.eventId);
    const { APP_SECRET, WAITING_ROOM_POW_BITS } = ctx.services.settings;
    return issueChallenge(APP_SECRET, ctx.auth.userId, room.event_id, WAITING_ROOM_POW_BITS);
  },
});

export const joinWaitingRoom = defineFunction({
  name: "waitingRoom.join",
  input: z.object({
    eventId: eventRef,
    challenge: z.string().min(1, "Ask for a check first.").max(1000),
    nonce: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  }),
  access: "signed-in",
  handler: (data, ctx) => joinRoom(ctx, data),
});

export const getWaitingRoomStatus = defineFunction({
  name: "waitingRoom.status",
  input: z.object({ eventId: eventRef, placeToken: z.string().max(1000).optional() }),
  access: "signed-in",
  handler: async (data, ctx) => {
    const row = await openRoom(ctx, data.eventId);
    const { APP_SECRET } = ctx.services.settings;
    if (
      data.placeToken &&
      !isOwnPlaceToken(APP_SECRET, data.placeToken, row.event_id, ctx.auth.userId)
    ) {
      throw new FunctionError("INVALID_ARGUMENT", "This place belongs to another account.", {
        reason: "place-token",
      });
    }
    return roomView(row, APP_SECRET, ctx.auth.userId);
  },
});

/** The waiting room of a hot on-sale (decision 033): signed in, the room must be on. */
export const waitingRoomFunctions = [
  getJoinChallenge,
  joinWaitingRoom,
  getWaitingRoomStatus,
] as const satisfies readonly AnyFunctionDefinition[];
