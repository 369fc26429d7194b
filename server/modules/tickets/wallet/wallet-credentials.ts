import { readFileSync } from "node:fs";
import { walletAvailability, type walletSettingsShape } from "./wallet-settings.ts";

type WalletSettings = { [K in keyof typeof walletSettingsShape]?: string | undefined };

export type AppleCredentials = {
  passTypeId: string;
  teamId: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase: string | undefined;
  wwdr: string;
};

export type GoogleCredentials = {
  issuerId: string;
  serviceAccountEmail: string;
  /** PKCS #8 PEM, as in the service account's JSON key (`private_key`). */
  privateKey: string;
};

export type WalletCredentials = {
  apple: AppleCredentials | null;
  google: GoogleCredentials | null;
};

const loaded = new WeakMap<object, WalletCredentials>();

/**
 * The wallets' keys and certificates, read from their files once per settings object (at
 * the first request after start): a missing file fails that request loudly in the log,
 * rather than offering a button that cannot work.
 */
export function walletCredentials(settings: WalletSettings): WalletCredentials {
  const cached = loaded.get(settings);
  if (cached) return cached;
  const available = walletAvailability(settings);
  const read = (file: string | undefined) => readFileSync(file ?? "", "utf8");
  const credentials: WalletCredentials = {
    apple: available.apple
      ? {
          passTypeId: settings.APPLE_PASS_TYPE_ID ?? "",
          teamId: settings.APPLE_TEAM_ID ?? "",
          signerCert: read(settings.APPLE_PASS_CERT_FILE),
          signerKey: read(settings.APPLE_PASS_KEY_FILE),
          signerKeyPassphrase: settings.APPLE_PASS_KEY_PASSPHRASE,
          wwdr: read(settings.APPLE_WWDR_CERT_FILE),
        }
      : null,
    google: available.google
      ? {
          issuerId: settings.GOOGLE_WALLET_ISSUER_ID ?? "",
          serviceAccountEmail: settings.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL ?? "",
          privateKey: read(settings.GOOGLE_WALLET_PRIVATE_KEY_FILE),
        }
      : null,
  };
  loaded.set(settings, credentials);
  return credentials;
}
