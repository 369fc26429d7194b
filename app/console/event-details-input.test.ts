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
});
