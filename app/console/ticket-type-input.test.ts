import { describe, expect, it } from "vitest";
import { ticketTypeFrom } from "./ticket-type-input.ts";

function formWith(hidden: string[]): FormData {
  const form = new FormData();
  form.set("name", "Press");
  form.set("price", "0");
  form.set("currency", "GBP");
  form.set("capacity", "20");
  form.set("perOrderLimit", "2");
  for (const value of hidden) form.append("hidden", value);
  return form;
}

describe("ticket type form", () => {
  it("reads the Hidden box: ticked posts on after the hidden off, unticked only off", () => {
    expect(ticketTypeFrom(formWith(["off", "on"])).input?.hidden).toBe(true);
    expect(ticketTypeFrom(formWith(["off"])).input?.hidden).toBe(false);
  });

  it("reads the other fields as the functions take them", () => {
    expect(ticketTypeFrom(formWith(["off"])).input).toMatchObject({
      name: "Press",
      priceMinor: 0,
      capacity: 20,
      perOrderLimit: 2,
      paymentMethod: "venue",
    });
  });

  it("answers with the price's own refusal, and no input", () => {
    const form = formWith(["off", "on"]);
    form.set("price", "-1");
    expect(ticketTypeFrom(form)).toEqual({
      price: { ok: false, message: "The price cannot be negative." },
    });
  });
});
