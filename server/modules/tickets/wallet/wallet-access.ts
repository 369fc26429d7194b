import { timingSafeEqual } from "node:crypto";
import type { Executor } from "#server/platform/db/database.ts";
import { walletLinkKey } from "./wallet-links.ts";
import { findWalletTicket, type WalletTicket } from "./wallet-ticket.ts";

/**
 * The ticket a wallet link may make a pass of: a valid ticket, asked for by its signed-in
 * holder or with the link key of its current generation (the link in an email). Null for
 * everything else, which the routes answer 404 so a guess learns nothing.
 */
export async function walletTicketFor(
  db: Executor,
  secret: string,
  ticketId: string,
  caller: { key: string | undefined; userId: string | null },
): Promise<WalletTicket | null> {
  const ticket = await findWalletTicket(db, ticketId);
  if (ticket?.status !== "valid") return null;
  const isHolder = caller.userId !== null && ticket.holderUserId === caller.userId;
  return isHolder || keyMatches(secret, ticket, caller.key) ? ticket : null;
}

function keyMatches(secret: string, ticket: WalletTicket, key: string | undefined): boolean {
  if (!key) return false;
  const expected = Buffer.from(walletLinkKey(secret, ticket));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
