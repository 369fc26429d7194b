import type { Settings } from "#server/config.ts";
import type { Database } from "#server/platform/db/database.ts";
import type { MessageService } from "#server/platform/messages/message-service.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import type { Services } from "#server/platform/runtime/services.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { providerOf } from "./provider-of.ts";

/** What the payments module's services need; `provider` is null while cards are off. */
export type PaymentDeps = {
  db: Database;
  settings: Settings;
  messages: MessageService | null;
  log: Logger;
  provider: PaymentProvider | null;
};

/** The payments module's dependencies from the platform's services. */
export function paymentDepsOf(services: Services): PaymentDeps {
  return {
    db: services.database.db,
    settings: services.settings,
    messages: services.messages,
    log: services.log,
    provider: providerOf(services.settings),
  };
}
