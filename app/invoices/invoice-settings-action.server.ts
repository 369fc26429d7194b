import { field } from "#app/forms/form-failure.ts";
import { type IntentAnswer, runIntentForm } from "#app/forms/intent-action.ts";
import type { ServerContext } from "#app/server-context.ts";
import { INVOICES_INTENT } from "./InvoiceSettingsForm.tsx";

/** The "Invoices" form of /business/payments: saves them, and says what changed. */
export function saveInvoiceSettings(server: ServerContext, form: FormData): Promise<IntentAnswer> {
  return runIntentForm(INVOICES_INTENT, form, async () => {
    const saved = await server.invoke("invoices.updateSettings", {
      invoicesEnabled: field(form, "invoicesEnabled") === "on",
      taxId: field(form, "taxId"),
    });
    return saved.invoicesEnabled
      ? "Invoices are on: bookings paid from now on get a numbered invoice."
      : "Invoices are off: bookings paid from now on get a receipt only.";
  });
}
