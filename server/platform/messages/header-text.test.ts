import { describe, expect, it } from "vitest";
import { headerText } from "./header-text.ts";

describe("headerText", () => {
  it("turns every run of control characters into one space, on one line", () => {
    expect(headerText("Door\r\nBcc: spy@example.com")).toBe("Door Bcc: spy@example.com");
    expect(headerText("a\tb\u0085c\u2028d\u2029e\u007ff\u001b")).toBe("a b c d e f");
    expect(headerText(" \r\nWelcome \n ")).toBe("Welcome");
  });

  it("leaves ordinary text alone, accents and emoji included", () => {
    expect(headerText("Café Müller: tickets 🎟 for 2")).toBe("Café Müller: tickets 🎟 for 2");
  });
});
