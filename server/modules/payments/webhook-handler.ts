import type { Executor } from "#server/platform/db/database.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import type { PaymentEvent } from "./payment-provider.ts";

type EventOf<K extends PaymentEvent["kind"]> = Extract<PaymentEvent, { kind: K }>;

/**
 * Handles one verified webhook event inside the transaction that stored its id: whatever
 * it writes commits together with "seen", or not at all. A handler must not call the
 * provider (no network inside the transaction): work that needs it (a refund) is recorded
 * here and returned as a task the intake runs after the commit (its failure is logged; the
 * reconciliation finds what was recorded and does it again, idempotently).
 */
export type WebhookHandler<K extends PaymentEvent["kind"]> = (
  tx: Executor,
  event: EventOf<K>,
  deps: PaymentDeps,
) => Promise<void | AfterCommit>;

/** Work with the provider that follows a committed transaction (a refund). */
export type AfterCommit = () => Promise<void>;
