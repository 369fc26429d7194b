import { describe, expect, it, vi } from "vitest";
import type { DoorSyncTicket } from "#contract/door-offline.ts";
import { doorTokenKit } from "#tests/support/door-tokens.ts";
import { codesOf, type DoorCopy } from "./door-copy.ts";
import {
  judgeCodeOffline,
  judgeIdOffline,
  localAdmission,
  TypedCodeNeedsNetworkError,
} from "./offline-verdict.ts";

const kit = doorTokenKit(3);
const other = doorTokenKit(3);
const ids = {
  valid: "11111111-1111-4111-8111-111111111111",
  in: "22222222-2222-4222-8222-222222222222",
  cancelled: "33333333-3333-4333-8333-333333333333",
  passedOn: "44444444-4444-4444-8444-444444444444",
  unlisted: "55555555-5555-4555-8555-555555555555",
};
const shortId = "abcd2345";
const checkIn = {
  id: "c1",
  at: "2026-11-26T20:04:00.000Z",
  time: "21:04",
  staffName: "Bea",
  deviceId: "scanner-aaaa",
};

function copyOf(tickets: DoorSyncTicket[], searchable = true): DoorCopy {
  return {
    event: {
      id: "e0000000-0000-4000-8000-000000000000",
      shortId,
      title: "Night Market",
      timeZone: "Europe/Paris",
      startsAt: "2026-11-26T18:00:00.000Z",
      endsAt: "2026-11-26T23:00:00.000Z",
    },
    keys: [kit.key],
    searchable,
    cursor: "100",
    lastSyncAt: "2026-11-26T19:00:00.000Z",
    tickets: new Map(tickets.map((t) => [t.id, t])),
  };
}

const listed: DoorSyncTicket[] = [
  { id: ids.valid, g: 1, s: "valid", n: "Ann Lee", c: "ABCDE23456", t: "Standing" },
  { id: ids.in, g: 1, s: "checked-in", in: checkIn, n: "Bo Chen", c: "FGHJK23456", t: "Standing" },
  { id: ids.cancelled, g: 1, s: "cancelled", n: "Cy Diaz", c: "MNPQR23456", t: "Seated" },
  { id: ids.passedOn, g: 2, s: "valid", n: "Di Eze", c: "STUVW23456", t: "Seated" },
];

const judge = (copy: DoorCopy, code: string) =>
  judgeCodeOffline(copy, codesOf(copy.tickets.values()), code);
const token = (ticketId: string, generation = 1, eventShortId = shortId) =>
  kit.token({ ticketId, eventShortId, generation });

describe("offline verdicts", () => {
  it("admits a valid ticket's token, with its name and type", async () => {
    const judged = await judge(copyOf(listed), token(ids.valid));
    expect(judged).toMatchObject({ kind: "admit", ticket: { id: ids.valid, n: "Ann Lee" } });
    expect(judged.kind === "admit" && judged.generation).toBe(1);
  });

  it("says already in, with the time, staff and device of the last synced admission", async () => {
    const judged = await judge(copyOf(listed), token(ids.in));
    expect(judged.kind === "verdict" && judged.verdict).toMatchObject({
      verdict: "already-checked-in",
      message: "Already checked in at 21:04 by Bea (scanner-aaaa).",
      checkIn,
    });
  });

  it("refuses a cancelled ticket", async () => {
    const judged = await judge(copyOf(listed), token(ids.cancelled));
    expect(judged.kind === "verdict" && judged.verdict.verdict).toBe("cancelled");
  });

  it("refuses the old QR of a ticket given away (an older generation)", async () => {
    const judged = await judge(copyOf(listed), token(ids.passedOn, 1));
    expect(judged.kind === "verdict" && judged.verdict).toMatchObject({
      verdict: "invalid",
      reason: "given-away",
    });
    expect((await judge(copyOf(listed), token(ids.passedOn, 2))).kind).toBe("admit");
  });

  it("tells nothing of a ticket of another event (the server's privacy rule)", async () => {
    const judged = await judge(copyOf(listed), token(ids.valid, 1, "zzzz2345"));
    expect(judged.kind === "verdict" && judged.verdict).toEqual({
      verdict: "wrong-event",
      message: "Not a ticket for this event.",
      ticket: null,
      event: null,
      checkIn: null,
    });
  });

  it("refuses a forged token (signed with another key) and a malformed code", async () => {
    const forged = other.token({ ticketId: ids.valid, eventShortId: shortId, generation: 1 });
    for (const code of [forged, `${token(ids.valid).slice(0, -2)}AA`, "hello", ""]) {
      const judged = await judge(copyOf(listed), code);
      expect(judged.kind === "verdict" && judged.verdict).toMatchObject({
        verdict: "invalid",
        reason: "signature",
      });
    }
  });

  it("refuses a token whose key id the device does not have", async () => {
    const unknownKid = doorTokenKit(9).token({
      ticketId: ids.valid,
      eventShortId: shortId,
      generation: 1,
    });
    const judged = await judge(copyOf(listed), unknownKid);
    expect(judged.kind === "verdict" && judged.verdict.reason).toBe("signature");
  });

  it("admits a signed token of this event that the copy does not name (sold since, or plainly valid)", async () => {
    for (const searchable of [true, false]) {
      const judged = await judge(copyOf(listed, searchable), token(ids.unlisted, 1));
      expect(judged).toMatchObject({
        kind: "admit",
        ticket: { id: ids.unlisted, g: 1, s: "valid" },
      });
    }
  });

  it("looks a typed code up in the local codes, hyphens, spaces and case ignored", async () => {
    const judged = await judge(copyOf(listed), " abcde-23456 ");
    expect(judged).toMatchObject({ kind: "admit", ticket: { id: ids.valid }, generation: null });
    const unknown = await judge(copyOf(listed), "ZZZZZ-23456");
    expect(unknown.kind === "verdict" && unknown.verdict.reason).toBe("unknown");
  });

  it("says typed codes need the network for an event whose codes the device lacks", async () => {
    await expect(judge(copyOf(listed, false), "ABCDE-23456")).rejects.toBeInstanceOf(
      TypedCodeNeedsNetworkError,
    );
  });

  it("judges the desk's button by id, refusing an id the copy does not name", () => {
    expect(judgeIdOffline(copyOf(listed), ids.valid).kind).toBe("admit");
    const judged = judgeIdOffline(copyOf(listed), ids.unlisted);
    expect(judged.kind === "verdict" && judged.verdict.reason).toBe("unknown");
  });

  it("shows a local admission with this device's time in the event's zone, staff and device", () => {
    const copy = copyOf(listed);
    const ticket = listed[0] as DoorSyncTicket;
    const { verdict } = localAdmission(copy, ticket, {
      staffName: "Cal",
      deviceId: "scanner-bbbb",
      now: new Date("2026-11-26T20:06:00.000Z"),
      checkInId: "local-1",
    });
    expect(verdict).toMatchObject({
      verdict: "admitted",
      ticket: { id: ids.valid, attendeeName: "Ann Lee", ticketTypeName: "Standing" },
      checkIn: { id: "local-1", time: "21:06", staffName: "Cal", deviceId: "scanner-bbbb" },
    });
  });

  it("verifies with @noble/ed25519 where the browser's WebCrypto lacks Ed25519", async () => {
    const fresh = doorTokenKit(4);
    const copy = { ...copyOf(listed), keys: [fresh.key] };
    const importKey = vi
      .spyOn(crypto.subtle, "importKey")
      .mockRejectedValue(new DOMException("Ed25519", "NotSupportedError"));
    try {
      const good = fresh.token({ ticketId: ids.valid, eventShortId: shortId, generation: 1 });
      expect((await judge(copy, good)).kind).toBe("admit");
      // The same key id, another key: only the signature can refuse it.
      const forger = doorTokenKit(4);
      const forged = forger.token({ ticketId: ids.valid, eventShortId: shortId, generation: 1 });
      const refused = await judge(copy, forged);
      expect(refused.kind === "verdict" && refused.verdict.reason).toBe("signature");
      expect(importKey).toHaveBeenCalled();
    } finally {
      importKey.mockRestore();
    }
  });
});
