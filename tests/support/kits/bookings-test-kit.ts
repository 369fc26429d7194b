import { bookingFunctions } from "#server/modules/bookings/bookings.functions.ts";
import { holdFunctions } from "#server/modules/holds/holds.functions.ts";
import { buyerCancellationFunctions } from "#server/modules/orders/buyer-cancellation.functions.ts";
import { ticketFunctions } from "#server/modules/tickets/tickets.functions.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import { makeUser, newKey } from "#tests/support/kits/holds-test-kit.ts";
import { functionContext, profileTestKit } from "#tests/support/kits/profile-test-kit.ts";

/**
 * Holds and bookings called the way HTTP and pages call them (through the registry, input
 * schemas and access checks included), with real rate limits and emails kept in a list.
 */
export async function bookingsKit(database: DatabaseHandle, env: Record<string, string> = {}) {
  const kit = await profileTestKit(database, env);
  const registry = createRegistry([
    ...holdFunctions,
    ...bookingFunctions,
    ...buyerCancellationFunctions,
    ...ticketFunctions,
  ]);
  let ipCounter = 0;
  function as(auth: Auth | null, ip?: string) {
    const ctx = functionContext(kit.services, auth);
    ctx.client = { ip: ip ?? `198.51.100.${(ipCounter++ % 250) + 1}`, userAgent: "test" };
    return {
      // biome-ignore lint/suspicious/noExplicitAny: each test checks the result's shape
      call: (name: string, data: unknown): Promise<any> => registry.invoke(name, data, ctx),
      // biome-ignore lint/suspicious/noExplicitAny: the FunctionError thrown
      fail: (name: string, data: unknown): Promise<any> =>
        registry.invoke(name, data, ctx).then(
          (result) => {
            throw new Error(`expected ${name} to fail, got ${JSON.stringify(result)}`);
          },
          (error: unknown) => error,
        ),
    };
  }
  /** A user who can call functions. */
  async function buyer(options: Parameters<typeof makeUser>[1] = {}) {
    const user = await makeUser(database.db, options);
    return { user, ...as({ userId: user.id, sessionId: "s", roles: [] }) };
  }
  return { ...kit, as, buyer };
}

/** Holds `quantity` of a type and confirms it with numbered attendee names. */
export async function holdAndConfirm(
  client: { call(name: string, data: unknown): Promise<unknown> },
  eventId: string,
  ticketTypeId: string,
  quantity: number,
  extra: Record<string, unknown> = {},
) {
  // biome-ignore lint/suspicious/noExplicitAny: test helper
  const hold: any = await client.call("holds.create", {
    eventId,
    items: [{ ticketTypeId, quantity }],
    idempotencyKey: newKey(),
  });
  // biome-ignore lint/suspicious/noExplicitAny: test helper
  const booking: any = await client.call("bookings.confirm", {
    holdId: hold.id,
    attendees: Array.from({ length: quantity }, (_, i) => ({ name: `Attendee ${i + 1}` })),
    idempotencyKey: newKey(),
    ...extra,
  });
  return { hold, booking };
}
