import { formatEventTime } from "#contract/event-time.ts";
import { holdPath } from "#contract/paths.ts";
import { eventPath } from "#server/modules/events/event-ids.ts";
import {
  type Notice,
  type NotifyOptions,
  notifyUser,
  notifyUsers,
} from "#server/modules/notifications/notifications.service.ts";
import type { Executor } from "#server/platform/db/database.ts";

/** Where notices go: the message service (or null: the outbox's sweep) and PUBLIC_URL. */
export type NoticeDeps = NotifyOptions;

export type OfferNoticeInput = {
  entryId: string;
  userId: string;
  quantity: number;
  typeName: string;
  title: string;
  shortId: string;
  timeZone: string;
  expiresAt: Date;
};

/**
 * Tells the person their tickets are held, on every channel they have (`always`: an
 * offer unseen for hours passes to the next in line). In the offer's transaction, keyed
 * by the entry: told once however often a tick is retried.
 */
export async function tellOffer(tx: Executor, offer: OfferNoticeInput, deps: NoticeDeps) {
  const until = formatEventTime(offer.expiresAt, offer.timeZone);
  return notifyUser(
    tx,
    {
      userId: offer.userId,
      kind: "waiting-list-offer",
      key: `waiting-list-offer:${offer.entryId}`,
      always: true,
      title: `Tickets held for you: ${offer.title}`,
      body: `${offer.quantity} × ${offer.typeName} are held for you until ${until}. Book them before then or they pass to the next in line.`,
      link: holdPath(offer.shortId),
    },
    deps,
  );
}

export type EndedEntry = {
  id: string;
  userId: string;
  typeName: string;
  title: string;
  shortId: string;
};

/** An ended entry as a statement returns it, joined to its type and event. */
export type EndedRow = {
  id: string;
  user_id: string;
  type_name: string;
  title: string;
  short_id: string;
};

export const endedEntryOf = (row: EndedRow): EndedEntry => ({
  id: row.id,
  userId: row.user_id,
  typeName: row.type_name,
  title: row.title,
  shortId: row.short_id,
});

/** Offers that ran out: told on the person's usual channels. */
export async function tellLapsed(tx: Executor, entries: EndedEntry[], deps: NoticeDeps) {
  if (entries.length === 0) return;
  const notices: Notice[] = entries.map((entry) => ({
    userId: entry.userId,
    kind: "waiting-list-lapsed",
    key: `waiting-list-lapsed:${entry.id}`,
    title: `Your offer for ${entry.title} ran out`,
    body: `The ${entry.typeName} tickets held for you were not booked in time and have passed to the next in line.`,
    link: eventPath({ title: entry.title, shortId: entry.shortId }),
  }));
  await notifyUsers(tx, notices, deps);
}

/** Why a list closed while people were in it. */
export type ClosedBy = "organiser" | "sales-ended" | "event-cancelled";

/** What a person is told when their list closed, by why. */
function closedNotice(by: ClosedBy, entry: EndedEntry) {
  if (by === "event-cancelled") {
    return {
      title: `Cancelled: ${entry.title}`,
      body: `${entry.title} was cancelled, so its waiting list is closed.`,
      link: null,
    };
  }
  const because =
    by === "organiser"
      ? `The organiser closed the waiting list for ${entry.typeName}.`
      : `Sales of ${entry.typeName} have ended, so its waiting list closed.`;
  return {
    title: `Waiting list closed: ${entry.title}`,
    body: `${because} You are no longer in line.`,
    link: eventPath({ title: entry.title, shortId: entry.shortId }),
  };
}

/**
 * The list they were in closed (the organiser closed it, its sales ended, the event was
 * cancelled): told on their usual channels.
 */
export async function tellClosed(
  tx: Executor,
  entries: EndedEntry[],
  deps: NoticeDeps,
  by: ClosedBy = "organiser",
) {
  if (entries.length === 0) return;
  const notices: Notice[] = entries.map((entry) => ({
    userId: entry.userId,
    kind: "waiting-list-closed",
    key: `waiting-list-closed:${entry.id}`,
    ...closedNotice(by, entry),
  }));
  await notifyUsers(tx, notices, deps);
}
