import { createPublicKey } from "node:crypto";
import { sql } from "drizzle-orm";
import { bookingFunctions } from "#server/modules/bookings/bookings.functions.ts";
import { holdFunctions } from "#server/modules/holds/holds.functions.ts";
import { notificationFunctions } from "#server/modules/notifications/notifications.functions.ts";
import { ticketKeyRing } from "#server/modules/tickets/ticket-keys.ts";
import { verifyTicketToken } from "#server/modules/tickets/ticket-token.ts";
import { ticketFunctions } from "#server/modules/tickets/tickets.functions.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { makeEvent, makeUser, nth } from "#tests/support/kits/holds-test-kit.ts";
import { functionContext, profileTestKit } from "#tests/support/kits/profile-test-kit.ts";

/**
 * Tickets called through the registry (input schemas and access checks included), with
 * the bookings that make them and the notifications they send; SMS and emails in lists.
 */
export async function ticketsKit(database: DatabaseHandle, env: Record<string, string> = {}) {
  const kit = await profileTestKit(database, env);
  const registry = createRegistry([
    ...holdFunctions,
    ...bookingFunctions,
    ...ticketFunctions,
    ...notificationFunctions,
  ]);
  function as(auth: Auth | null) {
    const ctx = functionContext(kit.services, auth);
    return {
      // biome-ignore lint/suspicious/noExplicitAny: each test checks the result's shape
      call: (name: string, data: unknown): Promise<any> => registry.invoke(name, data, ctx),
    };
  }
  async function user(options: Parameters<typeof makeUser>[1] = {}) {
    const row = await makeUser(database.db, options);
    return { user: row, ...as({ userId: row.id, sessionId: "s", roles: [] }) };
  }
  /** A user holding `count` tickets of a fresh event. */
  async function holderOf(count: number, eventOptions: Parameters<typeof makeEvent>[1] = {}) {
    const made = await makeEvent(database.db, eventOptions);
    const me = await user();
    const { booking } = await holdAndConfirm(me, made.event.shortId, nth(made.types, 0).id, count);
    const owner = as({ userId: made.owner.id, sessionId: "s", roles: [] });
    return { ...made, me, booking, ownerClient: owner };
  }
  const ring = () => ticketKeyRing(database.db, kit.services.settings.APP_SECRET);
  /** Verifies a token the way a door device does: with the published public keys only. */
  async function verifyOffline(token: string) {
    const published = await (await ring()).publishedKeys();
    return verifyTicketToken(token, (kid) => {
      const key = published.find((k) => k.kid === kid);
      return key
        ? createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: key.x }, format: "jwk" })
        : null;
    });
  }
  async function setTicketStatus(ticketId: string, status: string) {
    await database.db.execute(sql`update tickets set status = ${status} where id = ${ticketId}`);
  }
  return { ...kit, as, user, holderOf, ring, verifyOffline, setTicketStatus };
}
