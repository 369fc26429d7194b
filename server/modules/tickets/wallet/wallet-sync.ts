import type { Database } from "#server/platform/db/database.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { createApnsClient } from "./apns-client.ts";
import { googleWalletApi } from "./google-wallet-api.ts";
import { walletCredentials } from "./wallet-credentials.ts";
import { closeStaleGoogleObjects } from "./wallet-google-sync.ts";
import { pushWalletUpdates } from "./wallet-push.ts";
import type { walletSettingsShape } from "./wallet-settings.ts";

type SyncSettings = { [K in keyof typeof walletSettingsShape]?: string | undefined };

/**
 * Every `intervalSeconds`, tells the wallets of changed passes: Apple devices by an APNs
 * push (they then fetch the pass), Google objects of tickets passed on or no longer valid
 * set INACTIVE. Only the configured wallets. Returns a stop function that waits for a
 * round in progress.
 */
export function startWalletSync(
  db: Database,
  log: Logger,
  settings: SyncSettings,
  intervalSeconds = 30,
): () => Promise<void> {
  const { apple, google } = walletCredentials(settings);
  if (!apple && !google) return async () => {};
  const apns = apple
    ? createApnsClient({
        url: settings.APPLE_APNS_URL ?? "https://api.push.apple.com",
        cert: apple.signerCert,
        key: apple.signerKey,
        passphrase: apple.signerKeyPassphrase,
      })
    : null;
  const googleApi = google
    ? googleWalletApi(google, {
        api: settings.GOOGLE_WALLET_API_URL ?? "https://walletobjects.googleapis.com",
        token: settings.GOOGLE_OAUTH_TOKEN_URL ?? "https://oauth2.googleapis.com/token",
      })
    : null;
  let running: Promise<void> | null = null;
  const round = async () => {
    try {
      const pushed = apns ? await pushWalletUpdates(db, apns) : 0;
      const closed = googleApi ? await closeStaleGoogleObjects(db, googleApi) : 0;
      if (pushed + closed > 0) log.info({ pushed, closed }, "wallet passes updated");
    } catch (error) {
      log.warn({ err: error }, "wallet pass update failed; will retry");
    } finally {
      running = null;
    }
  };
  const timer = setInterval(() => {
    running ??= round();
  }, intervalSeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
    apns?.close();
  };
}
