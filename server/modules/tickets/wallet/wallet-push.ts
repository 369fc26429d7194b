import { sql } from "drizzle-orm";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { type ApnsClient, createApnsClient } from "./apns-client.ts";
import { walletCredentials } from "./wallet-credentials.ts";
import type { walletSettingsShape } from "./wallet-settings.ts";
import { lastUpdatedSql } from "./wallet-ticket.ts";

const PUSH_BATCH = 200;

type Due = {
  device_library_id: string;
  pass_type_id: string;
  ticket_id: string;
  push_token: string;
  before: string | Date;
};

/**
 * Pushes every registered device whose pass changed since its last push (given away,
 * cancelled, event moved: `lastUpdatedSql` sees them all, so no writer has to call this).
 * Rows are claimed first (`skip locked`, so instances share the work); a push that does
 * not get through hands its row back for the next round; a device APNs no longer knows
 * (410) is forgotten. Returns how many pushes APNs accepted.
 */
export async function pushWalletUpdates(
  db: Executor,
  apns: ApnsClient,
  batch = PUSH_BATCH,
): Promise<number> {
  const due = await rowsOf<Due>(
    db,
    sql`with due as (
        select r.device_library_id, r.pass_type_id, r.ticket_id, r.pushed_at as before,
          ${lastUpdatedSql} as tag
        from wallet_device_registrations r
          join tickets k on k.id = r.ticket_id
          join events e on e.id = k.event_id
        where ${lastUpdatedSql} > r.pushed_at
        limit ${batch}
        for update of r skip locked)
      update wallet_device_registrations r set pushed_at = due.tag
      from due
      where r.device_library_id = due.device_library_id and r.pass_type_id = due.pass_type_id
        and r.ticket_id = due.ticket_id
      returning r.device_library_id, r.pass_type_id, r.ticket_id, r.push_token, due.before`,
  );
  let accepted = 0;
  for (const row of due) {
    const where = sql`device_library_id = ${row.device_library_id}
      and pass_type_id = ${row.pass_type_id} and ticket_id = ${row.ticket_id}::uuid`;
    const answer = await apns.push(row.push_token, row.pass_type_id).catch(() => null);
    if (answer?.status === 200) {
      accepted++;
    } else if (answer?.status === 410) {
      await db.execute(sql`delete from wallet_device_registrations where ${where}`);
    } else {
      await db.execute(
        sql`update wallet_device_registrations set pushed_at = ${new Date(row.before)} where ${where}`,
      );
    }
  }
  return accepted;
}

type PushSettings = { [K in keyof typeof walletSettingsShape]?: string | undefined };

/**
 * Every `intervalSeconds`, pushes the passes that changed (when Apple Wallet is
 * configured). Returns a stop function that waits for a round in progress.
 */
export function startWalletPush(
  db: Database,
  log: Logger,
  settings: PushSettings,
  intervalSeconds = 30,
): () => Promise<void> {
  const apple = walletCredentials(settings).apple;
  if (!apple) return async () => {};
  const apns = createApnsClient({
    url: settings.APPLE_APNS_URL ?? "https://api.push.apple.com",
    cert: apple.signerCert,
    key: apple.signerKey,
    passphrase: apple.signerKeyPassphrase,
  });
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = (async () => {
      try {
        const pushed = await pushWalletUpdates(db, apns);
        if (pushed > 0) log.info({ pushed }, "wallet pass updates pushed");
      } catch (error) {
        log.warn({ err: error }, "wallet pass push failed; will retry");
      } finally {
        running = null;
      }
    })();
  }, intervalSeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
    apns.close();
  };
}
