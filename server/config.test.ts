import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSettings, SettingsError } from "./config.ts";

const scratch = () => path.join(mkdtempSync(path.join(tmpdir(), "config-")), "pglite");

describe("loadSettings", () => {
  it("applies the documented defaults", () => {
    const settings = loadSettings({ PGLITE_DIR: scratch() });
    expect(settings.PORT).toBe(3000);
    expect(settings.DATABASE_URL).toBeUndefined();
    expect(settings.PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("takes DEFAULT_COUNTRY as a known country code, the United States by default", () => {
    expect(loadSettings({ PGLITE_DIR: scratch() }).DEFAULT_COUNTRY).toBe("US");
    expect(loadSettings({ PGLITE_DIR: scratch(), DEFAULT_COUNTRY: "au" }).DEFAULT_COUNTRY).toBe(
      "AU",
    );
    for (const bad of ["XX", "Australia", "A"]) {
      expect(() => loadSettings({ PGLITE_DIR: scratch(), DEFAULT_COUNTRY: bad })).toThrow(
        /DEFAULT_COUNTRY: must be a two-letter country code/,
      );
    }
  });

  it("names every bad setting in one message", () => {
    const attempt = () =>
      loadSettings({
        PORT: "99999",
        DATABASE_URL: "redis://x",
        APP_SECRET: "short",
        PGLITE_DIR: scratch(),
      });
    expect(attempt).toThrow(SettingsError);
    expect(attempt).toThrow(
      /PORT: .*\n.*DATABASE_URL: must be a postgres.*\n.*APP_SECRET: must be at least 32/s,
    );
  });

  it("requires APP_SECRET with DATABASE_URL in production, so instances share it", () => {
    expect(() =>
      loadSettings({ NODE_ENV: "production", DATABASE_URL: "postgres://localhost/x" }),
    ).toThrow(/APP_SECRET: required with DATABASE_URL/);
  });

  it("requires PUBLIC_URL with DATABASE_URL in production, so instances agree on it", () => {
    // The default (http://localhost:{PORT}) would differ between instances on two ports.
    const attempt = () =>
      loadSettings({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://localhost/x",
        APP_SECRET: "s".repeat(32),
        ALLOW_OUTBOX_IN_PRODUCTION: "true",
      });
    expect(attempt).toThrow(SettingsError);
    expect(attempt).toThrow(/PUBLIC_URL: required with DATABASE_URL in production/);
    expect(
      loadSettings({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://localhost/x",
        APP_SECRET: "s".repeat(32),
        PUBLIC_URL: "https://tickets.example",
        ALLOW_OUTBOX_IN_PRODUCTION: "true",
      }).PUBLIC_URL,
    ).toBe("https://tickets.example");
  });

  it("makes a private secret once for the embedded database and keeps it", () => {
    const dir = scratch();
    const first = loadSettings({ PGLITE_DIR: dir }).APP_SECRET;
    const second = loadSettings({ PGLITE_DIR: dir }).APP_SECRET;
    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    const file = path.join(path.dirname(dir), "app-secret");
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it("treats empty values as unset", () => {
    expect(loadSettings({ PORT: "", PGLITE_DIR: scratch() }).PORT).toBe(3000);
  });
});
