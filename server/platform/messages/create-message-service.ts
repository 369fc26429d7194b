import type { Settings } from "../../config.ts";
import type { DatabaseHandle } from "../db.ts";
import type { Logger } from "../logger.ts";
import type { MessageService } from "./message-service.ts";

export type MessageServiceDeps = { settings: Settings; database: DatabaseHandle; log: Logger };

// In progress (identity issue): outbox, SMS and email adapters, delivery jobs.
export async function createMessageService(_deps: MessageServiceDeps): Promise<MessageService> {
  const pending = () => {
    throw new Error("messages are not built yet");
  };
  return { queueSms: pending, queueEmail: pending, start: async () => {}, stop: async () => {} };
}
