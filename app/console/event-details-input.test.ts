import { describe, expect, it } from "vitest";
import { eventDetailsFrom } from "./event-details-input.ts";

function formWith(reminders: string[]): FormData {
  const form = new FormData();
  form.set("title", "Jazz Night");
  for (const value of reminders) form.append("reminders", value);
  return form;
}

describe("event details form", () => {
  it("reads the reminder box: ticked posts on after the hidden off, unticked only off", () => {
    expect(eventDetailsFrom(formWith(["off", "on"])).reminders).toBe(true);
    expect(eventDetailsFrom(formWith(["off"])).reminders).toBe(false);
  });

  it("reads the tax rate in percent and whether prices include it, when the form has them", () => {
    const form = formWith(["off"]);
    expect(eventDetailsFrom(form)).not.toHaveProperty("taxRateBp");
    form.set("taxRate", "7.5");
    form.set("taxMode", "added");
    expect(eventDetailsFrom(form)).toMatchObject({ taxRateBp: 750, taxInclusive: false });
    form.set("taxMode", "included");
    expect(eventDetailsFrom(form).taxInclusive).toBe(true);
  });

  it("reads the offline search limit, thousands typed with commas or spaces", () => {
    const form = formWith(["off"]);
    expect(eventDetailsFrom(form)).not.toHaveProperty("offlineSearchLimit");
    for (const [typed, read] of [
      ["25,000", 25_000],
      ["1 000 000", 1_000_000],
      ["0", 0],
      ["", 0],
    ] as const) {
      form.set("offlineSearchLimit", typed);
      expect(eventDetailsFrom(form).offlineSearchLimit, typed).toBe(read);
    }
    form.set("offlineSearchLimit", "lots");
    expect(eventDetailsFrom(form).offlineSearchLimit).toBeNaN();
  });
});
