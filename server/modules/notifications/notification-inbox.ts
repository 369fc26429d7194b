import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { isUuid } from "#contract/uuid.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { notificationZone } from "./notification-zone.ts";
import { type NotificationKind, notifications } from "./notifications.schema.ts";

export const NOTIFICATION_PAGE_SIZE = 20;

export type NotificationView = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  read: boolean;
  /** The zone of the event it is about (its times read in it), null when about none. */
  timeZone: string | null;
};

type Row = typeof notifications.$inferSelect;

function viewOf(row: Row, timeZone: string | null): NotificationView {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
    timeZone,
  };
}

/**
 * The cursor is the last row's time (microseconds, as PostgreSQL keeps them) and id:
 * keyset paging, so a new notification arriving between pages shifts nothing.
 */
function encodeCursor(row: { micros: string; id: string }): string {
  return Buffer.from(`${row.micros}.${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { micros: string; id: string } | null {
  const [micros, id] = Buffer.from(cursor, "base64url").toString().split(".");
  if (!micros || !/^\d{1,20}$/.test(micros) || !id || !isUuid(id)) return null;
  return { micros, id };
}

const micros = sql<string>`(extract(epoch from ${notifications.createdAt}) * 1000000)::bigint::text`;

/** `notifications.list`: newest first, a page at a time. */
export async function listNotifications(
  db: Executor,
  userId: string,
  cursor: string | undefined,
): Promise<{ items: NotificationView[]; nextCursor: string | null }> {
  const after = cursor ? decodeCursor(cursor) : null;
  if (cursor && !after) throw new FunctionError("INVALID_ARGUMENT", "This page link is not valid.");
  const afterTime = after ? sql`to_timestamp(${after.micros}::bigint / 1000000.0)` : null;
  const rows = await db
    .select({ row: notifications, micros, timeZone: notificationZone })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        after && afterTime
          ? or(
              lt(notifications.createdAt, afterTime),
              and(eq(notifications.createdAt, afterTime), lt(notifications.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_PAGE_SIZE + 1);
  const page = rows.slice(0, NOTIFICATION_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => viewOf(r.row, r.timeZone)),
    nextCursor:
      rows.length > NOTIFICATION_PAGE_SIZE && last
        ? encodeCursor({ micros: last.micros, id: last.row.id })
        : null,
  };
}

/** `notifications.get`: one of the caller's notifications, marked read. */
export async function openNotification(
  db: Executor,
  userId: string,
  id: string,
): Promise<NotificationView> {
  const notFound = new FunctionError("NOT_FOUND", "Notification not found.");
  if (!isUuid(id)) throw notFound;
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound;
  const [zone] = await db
    .select({ timeZone: notificationZone })
    .from(notifications)
    .where(eq(notifications.id, row.id));
  return viewOf(row, zone?.timeZone ?? null);
}

export async function unreadCount(db: Executor, userId: string): Promise<{ count: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { count: Number(row?.count ?? 0) };
}

export async function markAllRead(db: Executor, userId: string): Promise<{ marked: number }> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { marked: rows.length };
}
