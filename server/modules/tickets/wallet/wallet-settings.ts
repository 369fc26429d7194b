import { z } from "zod";

/**
 * The wallet settings, spread into server/config.ts's schema. Each wallet is offered
 * (buttons on the ticket page, links in the tickets email) only when all of its settings
 * are set. Files are PEM, read at start.
 */
export const walletSettingsShape = {
  /** Apple Wallet: the Pass Type ID (e.g. `pass.com.example.tickets`) and its team. */
  APPLE_PASS_TYPE_ID: z.string().min(1).optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  /** The Pass Type ID certificate, its private key (and the key's passphrase, if any). */
  APPLE_PASS_CERT_FILE: z.string().min(1).optional(),
  APPLE_PASS_KEY_FILE: z.string().min(1).optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  /** Apple's WWDR intermediate certificate. */
  APPLE_WWDR_CERT_FILE: z.string().min(1).optional(),
  /** Where pass updates are pushed (APNs, with the Pass Type ID certificate); tests set a local peer. */
  APPLE_APNS_URL: z
    .url({ protocol: /^https$/, error: "must be an https:// URL" })
    .default("https://api.push.apple.com"),
  /** Google Wallet: the issuer id and the service account that signs save links. */
  GOOGLE_WALLET_ISSUER_ID: z.string().min(1).optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: z.string().min(1).optional(),
  GOOGLE_WALLET_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  /** Google's Wallet API and token endpoint, where saved objects are closed; tests set local peers. */
  GOOGLE_WALLET_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s):// URL" })
    .default("https://walletobjects.googleapis.com"),
  GOOGLE_OAUTH_TOKEN_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s):// URL" })
    .default("https://oauth2.googleapis.com/token"),
};

type WalletSettingsInput = { [K in keyof typeof walletSettingsShape]?: string | undefined };

export type WalletAvailability = { apple: boolean; google: boolean };

/** Which wallets are configured (every one of their settings set). */
export function walletAvailability(settings: WalletSettingsInput): WalletAvailability {
  return {
    apple: Boolean(
      settings.APPLE_PASS_TYPE_ID &&
        settings.APPLE_TEAM_ID &&
        settings.APPLE_PASS_CERT_FILE &&
        settings.APPLE_PASS_KEY_FILE &&
        settings.APPLE_WWDR_CERT_FILE,
    ),
    google: Boolean(
      settings.GOOGLE_WALLET_ISSUER_ID &&
        settings.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL &&
        settings.GOOGLE_WALLET_PRIVATE_KEY_FILE,
    ),
  };
}
