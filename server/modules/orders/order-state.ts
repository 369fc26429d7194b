import { type SQL, sql } from "drizzle-orm";
import type { OrderState } from "#contract/order-view.ts";

/**
 * An order's state (contract/order-view.ts) from its booking `b`, in SQL so the list's
 * filter, its counts and the CSV share one rule: money that went back names the state
 * (refunded, partly refunded) even when the order is closed; any other closed order is
 * cancelled; an open one shows how it is paid.
 */
export const orderStateSql: SQL<OrderState> = sql<OrderState>`(case
  when b.payment_status = 'refunded' then 'refunded'
  when b.payment_status = 'partly-refunded' then 'partly-refunded'
  when b.status <> 'confirmed' then 'cancelled'
  when b.payment_status = 'disputed' then 'disputed'
  when b.payment_status = 'paid' then 'paid'
  when b.payment_status = 'unpaid' then 'pay-at-venue'
  else 'free' end)`;
