import { z } from "zod";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import {
  listNotifications,
  markAllRead,
  openNotification,
  unreadCount,
} from "./notification-inbox.ts";

export const listMyNotifications = defineFunction({
  name: "notifications.list",
  input: z.object({ cursor: z.string().max(200).optional() }).nullish(),
  access: "signed-in",
  handler: (data, ctx) => listNotifications(ctx.db, ctx.auth.userId, data?.cursor),
});

export const getNotification = defineFunction({
  name: "notifications.get",
  input: z.object({ id: z.string().max(100) }),
  access: "signed-in",
  handler: (data, ctx) => openNotification(ctx.db, ctx.auth.userId, data.id),
});

export const countUnreadNotifications = defineFunction({
  name: "notifications.unreadCount",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => unreadCount(ctx.db, ctx.auth.userId),
});

export const markAllNotificationsRead = defineFunction({
  name: "notifications.markAllRead",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => markAllRead(ctx.db, ctx.auth.userId),
});

/** The bell: a user's own notifications only; another's id answers NOT_FOUND. */
export const notificationFunctions = [
  listMyNotifications,
  getNotification,
  countUnreadNotifications,
  markAllNotificationsRead,
] as const satisfies readonly AnyFunctionDefinition[];
