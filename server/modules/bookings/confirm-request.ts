import type { Answers } from "#contract/event-questions.ts";
import type { Settings } from "#server/config.ts";
import type { Database } from "#server/platform/db/database.ts";
import type { MessageService } from "#server/platform/messages/message-service.ts";
import type { PaymentProviderName } from "./payment-provider.ts";

export type BookingDeps = {
  db: Database;
  /** Null where no service is at hand (the demo seed): emails wait in the outbox (decision 005). */
  messages: MessageService | null;
  settings: Pick<Settings, "PUBLIC_URL" | "NODE_ENV" | "TEST_CONFIRM_PAUSE_MS" | "APP_SECRET">;
};

export type ConfirmRequest = {
  holdId: string;
  /** One per ticket, in the hold's order (its items by ticket type position). */
  attendees: { name: string; answers?: Answers | undefined }[];
  /** The order's answers to the event's questions (decision 037). */
  answers?: Answers | undefined;
  contactEmail?: string;
  paymentProvider?: PaymentProviderName;
  idempotencyKey: string;
};
