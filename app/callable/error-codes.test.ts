import { describe, expect, it } from "vitest";
import { httpCodeOfStatus } from "#contract/function-status.ts";
import { codeForHttpStatus, codeForStatus } from "./error-codes.ts";

describe("codeForHttpStatus", () => {
  it("maps HTTP statuses exactly as the seed's error catalogue (section 8) says", () => {
    const table = {
      400: "invalid-argument",
      401: "unauthenticated",
      403: "permission-denied",
      404: "not-found",
      409: "aborted",
      429: "resource-exhausted",
      499: "cancelled",
      500: "internal",
      501: "unimplemented",
      503: "unavailable",
      504: "deadline-exceeded",
      0: "internal",
    };
    for (const [status, code] of Object.entries(table)) {
      expect(codeForHttpStatus(Number(status)), status).toBe(code);
    }
  });

  it("maps every other status to unknown", () => {
    for (const status of [200, 204, 302, 402, 405, 413, 418, 422, 502, 505, 599, -1]) {
      expect(codeForHttpStatus(status), String(status)).toBe("unknown");
    }
  });
});

describe("codeForStatus", () => {
  it("has a code for every canonical status the server can send", () => {
    for (const status of Object.keys(httpCodeOfStatus).filter((s) => s !== "OK")) {
      expect(codeForStatus(status), status).toBe(status.toLowerCase().replaceAll("_", "-"));
    }
  });

  it("knows no other status, including names inherited by every object", () => {
    for (const status of ["TEAPOT", "invalid_argument", "", "constructor", "__proto__", "OK"]) {
      expect(codeForStatus(status), status).toBeUndefined();
    }
  });
});
