import { describe, expect, it } from "vitest";
import { invalidVerdict, notForThisEventVerdict, validMessage } from "./door-verdict.ts";
import {
  type JudgeInput,
  judgeTicket,
  type TicketFacts,
  verdictWithoutAdmitting,
} from "./judge-ticket.ts";

const door = "event-door";
const ticket: TicketFacts = {
  id: "t1",
  eventId: door,
  eventTitle: "Night of Tests",
  eventShortId: "NIGHT1",
  status: "valid",
  generation: 2,
  attendeeName: "Nora Walker",
  ticketTypeName: "Standing",
  checkIn: null,
};
const token = { kind: "token", eventShortId: "NIGHT1", generation: 2 } as const;
const at = (facts: Partial<JudgeInput>, of: Partial<TicketFacts> = {}): JudgeInput => ({
  scan: token,
  ticket: { ...ticket, ...of },
  doorEventId: door,
  mayWorkTicketEvent: true,
  ...facts,
});
const shown = { id: "t1", attendeeName: "Nora Walker", ticketTypeName: "Standing" };
const checkIn = {
  id: "c1",
  at: "2026-07-10T19:32:00.000Z",
  time: "20:32",
  staffName: "Stan",
  deviceId: "d1",
};

describe("the door's one rule", () => {
  it("admits a valid ticket of this door's event, by token, typed code or id", () => {
    for (const scan of [token, { kind: "code" }, { kind: "id" }] as const) {
      expect(judgeTicket(at({ scan }))).toBe("admit");
    }
  });

  it("refuses a code whose signature failed, before anything else", () => {
    expect(judgeTicket(at({ scan: { kind: "unsigned" } }))).toEqual(invalidVerdict("signature"));
  });

  it("calls an unknown ticket, or a token naming another event short id, unknown", () => {
    expect(judgeTicket(at({ ticket: null }))).toEqual(invalidVerdict("unknown"));
    expect(judgeTicket(at({ scan: { ...token, eventShortId: "OTHER1" } }))).toEqual(
      invalidVerdict("unknown"),
    );
  });

  it("calls an old QR of a ticket passed on given away, even when it was cancelled or used", () => {
    for (const status of ["valid", "cancelled", "checked-in"] as const) {
      expect(judgeTicket(at({ scan: { ...token, generation: 1 } }, { status }))).toEqual(
        invalidVerdict("given-away"),
      );
    }
  });

  it("says which event a ticket is for only to a door that may work that event too", () => {
    const elsewhere = { eventId: "event-other", eventTitle: "Other Night" };
    expect(judgeTicket(at({}, elsewhere))).toEqual({
      verdict: "wrong-event",
      message: "Wrong event: this ticket is for Other Night.",
      ticket: shown,
      event: { id: "event-other", title: "Other Night" },
      checkIn: null,
    });
    expect(judgeTicket(at({ mayWorkTicketEvent: false }, elsewhere))).toEqual(
      notForThisEventVerdict(),
    );
    // An old QR names nobody away from its event's door; to strangers, not even that.
    const old = { scan: { ...token, generation: 1 } };
    expect(judgeTicket(at(old, elsewhere))).toEqual(invalidVerdict("given-away"));
    expect(judgeTicket(at({ ...old, mayWorkTicketEvent: false }, elsewhere))).toEqual(
      notForThisEventVerdict(),
    );
  });

  it("asks about the caller's rights only at another event's ticket", () => {
    expect(judgeTicket(at({ mayWorkTicketEvent: false }))).toBe("admit");
  });

  it("refuses a cancelled ticket", () => {
    expect(judgeTicket(at({}, { status: "cancelled" }))).toEqual({
      verdict: "cancelled",
      message: "This ticket was cancelled.",
      ticket: shown,
      event: { id: door, title: "Night of Tests" },
      checkIn: null,
    });
  });

  it("says when, by whom and on which device a ticket already in was admitted", () => {
    expect(judgeTicket(at({}, { status: "checked-in", checkIn }))).toEqual({
      verdict: "already-checked-in",
      message: "Already checked in at 20:32 by Stan (d1).",
      ticket: shown,
      event: { id: door, title: "Night of Tests" },
      checkIn,
    });
    expect(judgeTicket(at({}, { status: "checked-in" }))).toMatchObject({
      verdict: "already-checked-in",
      message: "Already checked in.",
    });
  });

  it("answers a check without admitting 'valid' where the door would admit, the same verdict elsewhere", () => {
    expect(verdictWithoutAdmitting(at({}))).toEqual({
      verdict: "valid",
      message: validMessage,
      ticket: shown,
      event: { id: door, title: "Night of Tests" },
      checkIn: null,
    });
    expect(verdictWithoutAdmitting(at({}, { status: "cancelled" }))).toEqual(
      judgeTicket(at({}, { status: "cancelled" })),
    );
  });
});
