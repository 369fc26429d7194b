import * as client from "openid-client";
import type { Settings } from "#server/config.ts";

export type OidcProvider = {
  /** The issuer URL: the provider's name in external_identities. */
  issuer: string;
  /** The button's label (OIDC_NAME). */
  name: string;
  redirectUri: string;
  configuration(): Promise<client.Configuration>;
};

/** The configured provider, or null when OIDC_ISSUER is unset (the button is hidden). */
export function oidcProviderFrom(settings: Settings): OidcProvider | null {
  const issuer = settings.OIDC_ISSUER;
  const clientId = settings.OIDC_CLIENT_ID;
  if (!issuer || !clientId) return null;
  let discovered: Promise<client.Configuration> | undefined;
  return {
    issuer,
    name: settings.OIDC_NAME,
    redirectUri: new URL("/auth/oidc/callback", settings.PUBLIC_URL).toString(),
    configuration() {
      // Discovered on first use, not at start: a provider that is down must not stop the
      // app; a failed discovery is retried on the next sign-in.
      discovered ??= client
        .discovery(
          new URL(issuer),
          clientId,
          settings.OIDC_CLIENT_SECRET,
          settings.OIDC_CLIENT_SECRET ? undefined : client.None(),
          // Plain http only for a provider on this machine (development and tests).
          issuer.startsWith("http:") ? { execute: [client.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          discovered = undefined;
          throw error;
        });
      return discovered;
    },
  };
}
