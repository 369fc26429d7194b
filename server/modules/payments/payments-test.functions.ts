import { eq } from "drizzle-orm";
import { z } from "zod";
import { MAX_TAX_RATE_BP } from "#contract/payment-options.ts";
import { events, ticketTypes } from "#server/modules/events/events.schema.ts";
import { defineFunction } from "#server/platform/callable/define-function.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { paymentAccounts } from "./payments.schema.ts";
import { providerOf } from "./provider-of.ts";

/**
 * NODE_ENV=test only (server/main.ts): makes an event sell by card, as an organiser would
 * through the console and the provider's onboarding, in one call: every ticket type paid
 * by card, the event's tax, and an `active` account of its business, created at the
 * provider (the test peer) so destination charges find it. End-to-end tests and the
 * screenshots use it; the console's own path is tested where it is built.
 */
export const testCardPaidEvent = defineFunction({
  name: "test.cardPaidEvent",
  input: z.object({
    eventId: z.uuid(),
    taxRateBp: z.number().int().min(0).max(MAX_TAX_RATE_BP).default(0),
    taxInclusive: z.boolean().default(true),
  }),
  access: "public",
  handler: async (data, ctx) => {
    const provider = providerOf(ctx.services.settings);
    if (!provider) {
      throw new FunctionError("FAILED_PRECONDITION", "Card payments are off on this server.");
    }
    const [event] = await ctx.db.select().from(events).where(eq(events.id, data.eventId));
    if (!event) throw new FunctionError("NOT_FOUND", "Event not found.");
    const account = await provider.createAccount({
      businessId: event.businessId,
      email: "payments@example.com",
      idempotencyKey: `test-account:${event.businessId}`,
    });
    await ctx.db.transaction(async (tx) => {
      await tx
        .insert(paymentAccounts)
        .values({
          businessId: event.businessId,
          provider: provider.name,
          accountId: account.accountId,
          state: "active",
        })
        .onConflictDoUpdate({
          target: paymentAccounts.businessId,
          set: { accountId: account.accountId, state: "active", updatedAt: new Date() },
        });
      await tx
        .update(ticketTypes)
        .set({ paymentMethod: "card" })
        .where(eq(ticketTypes.eventId, event.id));
      await tx
        .update(events)
        .set({ taxRateBp: data.taxRateBp, taxInclusive: data.taxInclusive })
        .where(eq(events.id, event.id));
    });
    return { accountId: account.accountId };
  },
});

export const paymentTestFunctions = [testCardPaidEvent] as const;
