import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return { log: createLogger("info", stream), text: () => lines.join("") };
}

describe("log redaction", () => {
  it("never writes cookies, authorization, passwords, tokens or codes", () => {
    const { log, text } = capture();
    log.info({
      req: {
        headers: {
          cookie: "css_tk=SESSION-SECRET",
          authorization: "Bearer ACCESS-SECRET",
          "x-firebase-appcheck": "APPCHECK-SECRET",
        },
      },
      res: { headers: { "set-cookie": "refresh_token=REFRESH-SECRET" } },
      body: { password: "PASSWORD-SECRET", refresh_token: "R-SECRET", otp: "123456" },
      data: { code: "654321" },
    });
    const written = text();
    for (const secret of [
      "SESSION-SECRET",
      "ACCESS-SECRET",
      "APPCHECK-SECRET",
      "REFRESH-SECRET",
      "PASSWORD-SECRET",
      "R-SECRET",
      "123456",
      "654321",
    ]) {
      expect(written).not.toContain(secret);
    }
    expect(written).toContain("[redacted]");
  });
});
