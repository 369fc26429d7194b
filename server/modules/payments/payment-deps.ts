import type { Settings } from "#server/config.ts";
import type { Database } from "#server/platform/db/database.ts";
import type { MessageService } from "#server/platform/messages/message-service.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import type { PaymentProvider } from "./payment-provider.ts";

/** What the payments module's services need; `provider` is null while cards are off. */
export type PaymentDeps = {
  db: Database;
  settings: Settings;
  messages: MessageService | null;
  log: Logger;
  provider: PaymentProvider | null;
};
