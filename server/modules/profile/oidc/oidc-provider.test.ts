import { describe, expect, it } from "vitest";
import { loadSettings, SettingsError } from "#server/config.ts";
import { oidcProviderFrom } from "./oidc-provider.ts";

const base = { NODE_ENV: "test", PGLITE_DIR: "memory://", APP_SECRET: "o".repeat(32) };

describe("OpenID Connect settings", () => {
  it("leaves external sign-in off when no issuer is set", () => {
    expect(oidcProviderFrom(loadSettings(base))).toBeNull();
  });

  it("refuses an issuer without a client id, and an issuer that is not a URL", () => {
    expect(() => loadSettings({ ...base, OIDC_ISSUER: "https://id.example" })).toThrow(
      /OIDC_CLIENT_ID: required with OIDC_ISSUER/,
    );
    expect(() =>
      loadSettings({ ...base, OIDC_ISSUER: "id.example", OIDC_CLIENT_ID: "app" }),
    ).toThrow(SettingsError);
  });

  it("names the provider and sends it back to PUBLIC_URL's callback", () => {
    const provider = oidcProviderFrom(
      loadSettings({
        ...base,
        PUBLIC_URL: "https://tickets.example",
        OIDC_ISSUER: "https://id.example",
        OIDC_CLIENT_ID: "app",
        OIDC_NAME: "Example ID",
      }),
    );
    expect(provider).toMatchObject({
      issuer: "https://id.example",
      name: "Example ID",
      redirectUri: "https://tickets.example/auth/oidc/callback",
    });
  });
});
