import { type IntentAnswer, runIntentForm } from "#app/forms/intent-action.ts";

/**
 * The functions' field paths that the console's forms name differently: the form takes a
 * price in major units, the function in minor units; the file input carries the image;
 * the tax rate is typed in percent, stored in basis points.
 */
const consoleFieldNames: Record<string, string> = {
  priceMinor: "price",
  dataBase64: "cover",
  taxRateBp: "taxRate",
  taxInclusive: "taxMode",
};

/** Runs one console form's function, its errors under the form's own field names. */
export function runConsoleForm(
  intent: string,
  form: FormData,
  run: () => Promise<string>,
): Promise<IntentAnswer> {
  return runIntentForm(intent, form, run, consoleFieldNames);
}
