import { walletPaths } from "./wallet-links.ts";
import {
  type WalletAvailability,
  walletAvailability,
  type walletSettingsShape,
} from "./wallet-settings.ts";

type WalletSettings = { [K in keyof typeof walletSettingsShape]?: string | undefined } & {
  APP_SECRET: string;
};

/** What a ticket view needs to offer the wallets: the link secret and which are configured. */
export type WalletOffer = { secret: string; available: WalletAvailability };

export type WalletLinks = { apple: string | null; google: string | null };

export function walletOfferOf(settings: WalletSettings): WalletOffer {
  return { secret: settings.APP_SECRET, available: walletAvailability(settings) };
}

/** The wallet buttons of a ticket: only for a valid one (nothing else may enter) and configured wallets. */
export function walletLinksOf(
  offer: WalletOffer | undefined,
  ticket: { id: string; generation: number; status: string },
): WalletLinks {
  if (!offer || ticket.status !== "valid") return { apple: null, google: null };
  return walletPaths(offer.secret, ticket, offer.available);
}
