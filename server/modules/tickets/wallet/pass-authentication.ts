import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The `authenticationToken` of an Apple pass: names the generation the pass was made for
 * and an HMAC of ticket and generation under APP_SECRET. A device holding the pass of an
 * earlier generation (the ticket was given away since) still gets answers, but its pass
 * comes back voided; the new holder's pass has a token of its own.
 */
export function passAuthenticationToken(
  secret: string,
  ticket: { id: string; generation: number },
): string {
  return `g${ticket.generation}-${mac(secret, ticket.id, ticket.generation)}`;
}

/** The generation a token was made for, or null when it is not one of ours for this ticket. */
export function generationOfPassToken(
  secret: string,
  ticketId: string,
  token: string,
): number | null {
  const match = /^g(\d{1,5})-([\w-]{43})$/.exec(token);
  if (!match) return null;
  const generation = Number(match[1]);
  const expected = Buffer.from(mac(secret, ticketId, generation));
  const given = Buffer.from(match[2] ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected) ? generation : null;
}

function mac(secret: string, ticketId: string, generation: number): string {
  return createHmac("sha256", secret)
    .update(`wallet-pass:${ticketId}:${generation}`)
    .digest("base64url");
}
