import { field } from "#app/forms/form-failure.ts";
import { readPrice, readWholeNumber } from "./price-input.ts";

/**
 * A ticket type form's fields as function input (`ticketTypes.create`,
 * `ticketTypes.update`), or the price's own refusal.
 */
export function ticketTypeFrom(form: FormData) {
  const price = readPrice(field(form, "price"));
  if (!price.ok) return { price };
  return {
    price,
    input: {
      name: field(form, "name"),
      description: field(form, "description"),
      priceMinor: price.minor,
      currency: field(form, "currency") as "EUR",
      capacity: readWholeNumber(field(form, "capacity")),
      perOrderLimit: readWholeNumber(field(form, "perOrderLimit")),
      salesStartLocal: field(form, "salesStartLocal"),
      salesEndLocal: field(form, "salesEndLocal"),
      // Anything but the two choices goes as sent: the function refuses it on the field.
      paymentMethod: (field(form, "paymentMethod") || "venue") as "venue",
      // The hidden "off" always comes; "on" as well when the box is ticked.
      hidden: form.getAll("hidden").includes("on"),
    },
  };
}
