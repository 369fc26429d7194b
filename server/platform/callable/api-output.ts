import { z } from "zod";

// Pieces of the schemas of API answers (`api.output`, decision 038), shared by the
// modules: an answer is described as the client receives it, after JSON.stringify.

/** An instant as JSON carries it: ISO 8601 with its offset (`Date.toISOString()`: `Z`). */
export const isoInstant = z.iso.datetime({ offset: true });

/** Money: an integer in the currency's minor units (cents: 1250 is 12.50). */
export const minorUnits = (description: string) =>
  z.number().int().describe(`${description}, in minor units of the currency (1250 = 12.50).`);

/** A wall-clock time in the event's own zone, `YYYY-MM-DDTHH:mm`, as the console's forms edit it. */
export const localDateTime = z
  .string()
  .describe("The same instant as wall-clock time in the event's zone, YYYY-MM-DDTHH:mm.");

/** A three-letter ISO 4217 code, upper case. */
export const currencyCode = z.string().describe("ISO 4217 currency code, e.g. EUR.");
