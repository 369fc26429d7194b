import type { CodeDiscount } from "#contract/event-codes.ts";
import { eventCodes } from "#server/modules/codes/codes.schema.ts";
import type { Executor } from "#server/platform/db/database.ts";

/**
 * A demo event's code (decision 036): an access code naming its hidden types, or a
 * discount on every public type (`ticketNames` empty, stored as no ids: the contract's
 * "every type that is not hidden").
 */
export type DemoCode = {
  code: string;
  discount: CodeDiscount;
  maxUses: number | null;
  maxPerPerson: number | null;
  /** The event's ticket types it names, by name; empty: every public type. */
  ticketNames: string[];
};

/** Writes the event's codes, naming its ticket types by the ids they were given. */
export async function insertDemoCodes(
  tx: Executor,
  eventId: string,
  codes: readonly DemoCode[],
  types: readonly { id: string; name: string }[],
): Promise<void> {
  if (codes.length === 0) return;
  const idOf = (name: string) => {
    const type = types.find((t) => t.name === name);
    if (!type) throw new Error(`demo code: no ticket type ${name}`);
    return type.id;
  };
  await tx.insert(eventCodes).values(
    codes.map((code) => ({
      eventId,
      code: code.code,
      discountKind: code.discount.kind,
      discountValue:
        code.discount.kind === "percent"
          ? code.discount.percent
          : code.discount.kind === "fixed"
            ? code.discount.amountMinor
            : 0,
      maxUses: code.maxUses,
      maxPerPerson: code.maxPerPerson,
      ticketTypeIds: code.ticketNames.map(idOf),
    })),
  );
}
