import { describe, expect, it } from "vitest";
import { formFailure, generalMessage } from "#app/forms/form-failure.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";

function formOf(values: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  return form;
}

describe("formFailure", () => {
  it("puts each detail next to its field and keeps what was typed, except secrets", () => {
    const error = new FunctionError("INVALID_ARGUMENT", "Not valid.", [
      { path: "phone", message: "Choose your country." },
      { path: "code", message: "That code is not right.", attemptsLeft: 3 },
    ]);
    const { failure, status } = formFailure(
      error,
      formOf({ name: "Ada", phone: "0791", password: "secret pass", code: "123456" }),
    );
    expect(status).toBe(400);
    expect(failure.fieldErrors).toEqual({
      phone: "Choose your country.",
      code: "That code is not right.",
    });
    expect(failure.values).toEqual({ name: "Ada", phone: "0791" });
    expect(failure.attemptsLeft).toBe(3);
    expect(generalMessage(failure)).toBeNull();
  });

  it("keeps a message without fields for the top of the form, with the wait of a limit", () => {
    const error = new FunctionError("RESOURCE_EXHAUSTED", "Too many attempts.", {
      retryAfterSeconds: 30,
    });
    const { failure, status } = formFailure(error, formOf({}));
    expect(status).toBe(429);
    expect(failure.retryAfterSeconds).toBe(30);
    expect(generalMessage(failure)).toBe("Too many attempts.");
  });

  it("rethrows what is not a function's refusal", () => {
    const bug = new Error("bug");
    expect(() => formFailure(bug, formOf({}))).toThrow(bug);
  });
});
