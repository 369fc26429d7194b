import express, { type Response } from "express";
import * as client from "openid-client";
import { safeRedirect } from "#contract/safe-redirect.ts";
import { clientInfo, expressCookieJar } from "#server/platform/http/http-cookies.ts";
import { readSignedValue, signValue } from "#server/platform/http/signed-value.ts";
import type { Services } from "#server/platform/runtime/services.ts";
import { userForExternalSignIn } from "./external-sign-in.service.ts";
import { type OidcProvider, oidcProviderFrom } from "./oidc-provider.ts";

/** PKCE verifier, state, nonce and where to go after: signed, HttpOnly, 10 minutes. */
export const OIDC_FLOW_COOKIE = "oidc_flow";
const FLOW_PURPOSE = "oidc-flow";
const FLOW_SECONDS = 600;

type Mode = "popup" | "redirect";
type Flow = { verifier: string; state: string; nonce: string; redirect: string; mode: Mode };

/** What the popup tells the page that opened it (same origin only). */
export const OIDC_MESSAGE_TYPE = "external-sign-in";

/**
 * `GET /auth/oidc/start?redirect=…&mode=popup|redirect` and `GET /auth/oidc/callback`:
 * the authorization code flow with PKCE, state and nonce. Mount before the pages.
 */
export function oidcRoutes(services: Services, provider: OidcProvider): express.Router {
  const router = express.Router();
  const secure = services.settings.PUBLIC_URL.startsWith("https://");
  const secret = services.settings.APP_SECRET;

  router.get("/auth/oidc/start", async (req, res, next) => {
    try {
      res.setHeader("Cache-Control", "no-store");
      const mode: Mode = req.query.mode === "popup" ? "popup" : "redirect";
      const flow: Flow = {
        verifier: client.randomPKCECodeVerifier(),
        state: client.randomState(),
        nonce: client.randomNonce(),
        redirect: safeRedirect(req.query.redirect),
        mode,
      };
      const configuration = await provider.configuration();
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: provider.redirectUri,
        scope: "openid email profile",
        code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: "S256",
        state: flow.state,
        nonce: flow.nonce,
      });
      expressCookieJar(req, res, secure).set(
        OIDC_FLOW_COOKIE,
        signValue(secret, FLOW_PURPOSE, flow, FLOW_SECONDS),
        { httpOnly: true, maxAge: FLOW_SECONDS },
      );
      res.redirect(302, url.href);
    } catch (error) {
      req.log.warn({ err: error }, "external sign-in could not start");
      if (res.headersSent) return next(error);
      finish(res, req.query.mode === "popup" ? "popup" : "redirect", {
        ok: false,
        message: `${provider.name} is not reachable right now. Please try again later.`,
      });
    }
  });

  router.get("/auth/oidc/callback", async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const cookies = expressCookieJar(req, res, secure);
    const flow = readSignedValue(secret, FLOW_PURPOSE, cookies.get(OIDC_FLOW_COOKIE)) as
      | (Flow & { exp: number })
      | null;
    cookies.clear(OIDC_FLOW_COOKIE);
    if (!flow) {
      finish(res, "redirect", {
        ok: false,
        message: "The sign-in took too long or was started elsewhere. Please try again.",
      });
      return;
    }
    try {
      const configuration = await provider.configuration();
      const current = new URL(req.originalUrl, provider.redirectUri);
      const tokens = await client.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error("no ID token claims");
      await services.database.db.transaction(async (tx) => {
        const { userId } = await userForExternalSignIn(tx, {
          provider: provider.issuer,
          subject: claims.sub,
          email: typeof claims.email === "string" ? claims.email : null,
          emailVerified: claims.email_verified === true,
          name: typeof claims.name === "string" ? claims.name.slice(0, 100) : null,
        });
        const issued = await services.auth.startSession(tx, userId, clientInfo(req));
        services.auth.writeSessionCookies(cookies, issued);
      });
      finish(res, flow.mode, { ok: true, redirect: flow.redirect });
    } catch (error) {
      const denied = error instanceof client.AuthorizationResponseError;
      req.log.warn({ err: error }, "external sign-in failed");
      finish(res, flow.mode, {
        ok: false,
        message: denied
          ? `Signing in with ${provider.name} was cancelled.`
          : `Signing in with ${provider.name} did not work. Please try again.`,
      });
    }
  });
  return router;
}

type Outcome = { ok: true; redirect: string } | { ok: false; message: string };

/**
 * Redirect mode: back to where the person was (or to /login with the error). Popup
 * mode: a tiny page that posts the outcome to its opener, on our origin only, and
 * closes; without an opener it carries on as the redirect would.
 */
function finish(res: Response, mode: Mode, outcome: Outcome): void {
  const target = outcome.ok
    ? outcome.redirect
    : `/login?external_error=${encodeURIComponent(outcome.message)}`;
  if (mode === "redirect") {
    res.redirect(302, target);
    return;
  }
  // Coming back from the provider's origin, any stricter policy would cut the popup off
  // from its opener (a new browsing context group).
  res.setHeader("Cross-Origin-Opener-Policy", "unsafe-none");
  const nonce = String(res.locals.cspNonce ?? "");
  const message = JSON.stringify({ type: OIDC_MESSAGE_TYPE, ...outcome }).replace(/</g, "\\u003c");
  const targetJson = JSON.stringify(target).replace(/</g, "\\u003c");
  res
    .status(200)
    .type("html")
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Signing in…</title></head>
<body><p>${outcome.ok ? "Signed in." : "Signing in did not work."} <a href="${escapeHtml(target)}">Continue</a></p>
<script nonce="${nonce}">
(function () {
  var message = ${message};
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(message, window.location.origin);
    window.close();
  } else {
    window.location.replace(${targetJson});
  }
})();
</script></body></html>`);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The external sign-in routes when a provider is configured; none otherwise. */
export function externalSignInRoutes(services: Services): express.Router[] {
  const provider = oidcProviderFrom(services.settings);
  return provider ? [oidcRoutes(services, provider)] : [];
}
