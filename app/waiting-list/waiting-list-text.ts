import type {
  MyWaitingListEntry,
  WaitingListStatus,
  WaitingListTypeView,
} from "#contract/waiting-list.ts";
import { aheadText } from "#contract/waiting-list.ts";

export const ticketCount = (count: number) => `${count} ${count === 1 ? "ticket" : "tickets"}`;

/** The person's place on a type's list: "On the waiting list for 2 tickets · You are next in line." */
export function placeText(entry: Pick<MyWaitingListEntry, "quantity" | "ahead">): string {
  return `On the waiting list for ${ticketCount(entry.quantity)} · ${aheadText(entry.ahead)}`;
}

/** An offer's first words, before its deadline: "2 tickets are held for you until". */
export function heldForYouText(quantity: number): string {
  return `${ticketCount(quantity)} ${quantity === 1 ? "is" : "are"} held for you until`;
}

export const statusLabels: Record<WaitingListStatus, string> = {
  waiting: "Waiting",
  offered: "Offered",
  claimed: "Booked",
  lapsed: "Offer lapsed",
  left: "Left",
  closed: "List closed",
};

export const statusColors: Record<WaitingListStatus, string> = {
  waiting: "blue",
  offered: "green",
  claimed: "teal",
  lapsed: "gray",
  left: "gray",
  closed: "gray",
};

/**
 * Why the organiser cannot offer tickets by hand to a waiting entry now, or null when they
 * can: the offer holds tickets, so there must be free ones (the server says so too).
 */
export function offerBlocker(type: Pick<WaitingListTypeView, "free">): string | null {
  if (type.free <= 0) {
    return "No tickets are free: add capacity or wait for a cancellation.";
  }
  return null;
}

/** "3 waiting · 1 offered · 2 free" for a type's heading line. */
export function typeSummary(
  type: Pick<WaitingListTypeView, "waiting" | "offered" | "free">,
): string {
  return `${type.waiting} waiting · ${type.offered} offered · ${type.free} free`;
}
