import { sql } from "drizzle-orm";
import type { EventCodeInput } from "#contract/event-codes.ts";
import { bookingFunctions } from "#server/modules/bookings/bookings.functions.ts";
import { codeFunctions } from "#server/modules/codes/codes.functions.ts";
import { holdFunctions } from "#server/modules/holds/holds.functions.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { DatabaseHandle, Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { makeUser } from "#tests/support/kits/holds-test-kit.ts";
import { functionContext, profileTestKit } from "#tests/support/kits/profile-test-kit.ts";

/**
 * Codes, holds and bookings called the way HTTP and pages call them (through the
 * registry, input schemas and access checks included), with real rate limits.
 */
export async function codesKit(database: DatabaseHandle, env: Record<string, string> = {}) {
  const kit = await profileTestKit(database, env);
  const registry = createRegistry([...codeFunctions, ...holdFunctions, ...bookingFunctions]);
  let ipCounter = 0;
  function as(auth: Auth | null, ip?: string) {
    const ctx = functionContext(kit.services, auth);
    ctx.client = { ip: ip ?? `203.0.113.${(ipCounter++ % 250) + 1}`, userAgent: "test" };
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
  const asUser = (userId: string, ip?: string) => as({ userId, sessionId: "s", roles: [] }, ip);
  async function buyer() {
    const user = await makeUser(database.db);
    return { user, ...asUser(user.id) };
  }
  return { ...kit, as, asUser, buyer };
}

/** A code input with no limits, taking nothing off, for every public type: override what a test needs. */
export function codeInput(
  eventId: string,
  overrides: Partial<EventCodeInput> & { id?: string } = {},
): EventCodeInput & { eventId: string } {
  return {
    eventId,
    code: "SPRING",
    discount: { kind: "none" },
    maxUses: null,
    maxPerPerson: null,
    validFrom: null,
    validUntil: null,
    ticketTypeIds: [],
    ...overrides,
  };
}

/** Makes a ticket type hidden (decision 036): the test kit's events make public ones. */
export async function hideType(db: Executor, ticketTypeId: string): Promise<void> {
  await db.execute(sql`update ticket_types set hidden = true where id = ${ticketTypeId}`);
}

/** Stores a code directly (the hold tests need many; codes.test.ts goes through codes.save). */
export async function insertCode(
  db: Executor,
  eventId: string,
  fields: Partial<Omit<EventCodeInput, "validFrom" | "validUntil">> & {
    validFrom?: Date | null;
    validUntil?: Date | null;
  } = {},
): Promise<{ id: string; code: string }> {
  const discount = fields.discount ?? { kind: "none" };
  const value =
    discount.kind === "percent"
      ? discount.percent
      : discount.kind === "fixed"
        ? discount.amountMinor
        : 0;
  const ids = fields.ticketTypeIds ?? [];
  const [row] = await rowsOf<{ id: string; code: string }>(
    db,
    sql`
    insert into event_codes (event_id, code, discount_kind, discount_value, max_uses,
      max_per_person, valid_from, valid_until, ticket_type_ids)
    values (${eventId}, ${fields.code ?? "SPRING"}, ${discount.kind}, ${value},
      ${fields.maxUses ?? null}, ${fields.maxPerPerson ?? null},
      ${fields.validFrom?.toISOString() ?? null}::timestamptz,
      ${fields.validUntil?.toISOString() ?? null}::timestamptz,
      array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[])
    returning id, code`,
  );
  if (!row) throw new Error("no code");
  return row;
}
