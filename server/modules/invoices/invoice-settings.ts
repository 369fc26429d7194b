import { eq } from "drizzle-orm";
import { requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { fieldError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";

export type InvoiceSettings = { invoicesEnabled: boolean; taxId: string | null };

export const TAX_ID_MIN = 2;
export const TAX_ID_MAX = 32;

/** The caller's business's invoice settings. */
export async function invoiceSettingsOf(db: Executor, userId: string): Promise<InvoiceSettings> {
  const business = await requireOwnedBusiness(db, userId);
  return { invoicesEnabled: business.invoicesEnabled, taxId: business.taxId };
}

/**
 * Turns the caller's business's invoices on or off and sets its tax id (trimmed, 2-32
 * characters; empty clears it). Invoices need a tax id. Turning them on applies to
 * bookings paid from then on: earlier ones keep their receipt only.
 */
export async function updateInvoiceSettings(
  db: Executor,
  userId: string,
  input: { invoicesEnabled: boolean; taxId: string },
): Promise<InvoiceSettings> {
  const business = await requireOwnedBusiness(db, userId);
  const taxId = input.taxId.trim();
  if (taxId && (taxId.length < TAX_ID_MIN || taxId.length > TAX_ID_MAX)) {
    throw fieldError("taxId", `A tax id has ${TAX_ID_MIN} to ${TAX_ID_MAX} characters.`);
  }
  if (input.invoicesEnabled && !taxId) {
    throw fieldError("taxId", "Enter your tax id to issue invoices.");
  }
  await db
    .update(businesses)
    .set({ invoicesEnabled: input.invoicesEnabled, taxId: taxId || null })
    .where(eq(businesses.id, business.id));
  return { invoicesEnabled: input.invoicesEnabled, taxId: taxId || null };
}
