import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Form, list, parseStripeForm } from "./stripe-form.ts";
import type { StripePeer } from "./stripe-peer.ts";
import {
  createSession,
  expireSession,
  type PeerContext,
  paySession,
  sessionOf,
} from "./stripe-peer-checkout.ts";
import { peerControls } from "./stripe-peer-controls.ts";
import {
  accountOf,
  cancelSubscription,
  completeOnboarding,
  createAccount,
  createAccountLink,
  createRefund,
  subscriptionOf,
  updateSubscription,
} from "./stripe-peer-money.ts";
import { checkoutPage, notFoundPage, onboardingPage } from "./stripe-peer-pages.ts";
import { expand, type Json, missing, PeerError, type PeerStore } from "./stripe-peer-store.ts";

/** What the peer's HTTP side needs from the peer (stripe-peer.ts). */
export type PeerHttpDeps = {
  store: PeerStore;
  secretKey: string;
  url(): string;
  /** Runs an operation and delivers the events it made (stripe-peer.ts). */
  operate<T>(run: (ctx: PeerContext) => T, delivery?: "await" | "later" | "none"): Promise<T>;
  /** The status of an injected failure for this request, or null. */
  takeFailure(): number | null;
  peer(): StripePeer;
};

/**
 * The peer's HTTP side: Stripe's API under /v1 (auth, idempotency keys, expand[]), the
 * hosted checkout and onboarding pages, and the test controls under /__peer.
 */
export function peerHttpHandler(deps: PeerHttpDeps) {
  return (req: IncomingMessage, res: ServerResponse, body: string) => route(deps, req, res, body);
}

async function route(
  deps: PeerHttpDeps,
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
): Promise<void> {
  const requestUrl = new URL(req.url ?? "/", deps.url());
  const path = requestUrl.pathname;
  const method = req.method ?? "GET";
  if (path.startsWith("/v1/"))
    return api(deps, req, res, method, path, requestUrl.search.slice(1), body);
  if (path.startsWith("/__peer/")) {
    const answer = await peerControls(deps.peer(), method, path.slice("/__peer/".length), body);
    return json(res, answer.status, answer.body);
  }
  const payment = path.match(/^\/pay\/([^/]+)$/);
  if (payment?.[1]) return payPage(deps, res, method, payment[1], body);
  const onboarding = path.match(/^\/onboard\/([^/]+)(?:\/(complete|later))?$/);
  if (onboarding?.[1])
    return onboardPage(
      deps,
      res,
      method,
      onboarding[1],
      onboarding[2],
      requestUrl.searchParams.get("link") ?? "",
    );
  html(res, 404, notFoundPage("No such page."));
}

async function api(
  deps: PeerHttpDeps,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  path: string,
  query: string,
  body: string,
) {
  const auth = req.headers.authorization ?? "";
  if (auth !== `Bearer ${deps.secretKey}`)
    throw new PeerError(
      401,
      "invalid_request_error",
      `Invalid API Key provided: ${auth.replace(/^Bearer /, "").slice(0, 12)}…`,
    );
  const failure = deps.takeFailure();
  if (failure !== null) {
    throw new PeerError(failure, "api_error", "Stripe is having a moment (test outage).");
  }
  const form = parseStripeForm(method === "GET" ? query : body);
  const key = req.headers["idempotency-key"];
  const fingerprint = createHash("sha256").update(`${method} ${path} ${body}`).digest("hex");
  const remembered = typeof key === "string" ? deps.store.idempotency.get(key) : undefined;
  if (remembered) {
    if (remembered.fingerprint !== fingerprint)
      throw new PeerError(
        400,
        "idempotency_error",
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    res.setHeader("Idempotent-Replayed", "true");
    return json(res, remembered.status, remembered.body);
  }
  const object = await deps.operate((ctx) => endpoint(deps, ctx, method, path, form), "later");
  const answer = expand(
    deps.store,
    object,
    list(form, "expand").filter((p): p is string => typeof p === "string"),
  );
  if (typeof key === "string")
    deps.store.idempotency.set(key, { fingerprint, status: 200, body: answer });
  json(res, 200, answer);
}

function endpoint(
  deps: PeerHttpDeps,
  ctx: PeerContext,
  method: string,
  path: string,
  form: Form,
): Json {
  const [, , resource, id, action] = path.split("/");
  const at = `${method} ${resource}${id ? "/:id" : ""}${action ? `/${action}` : ""}`;
  const sessionPath = path.match(/^\/v1\/checkout\/sessions(?:\/([^/]+))?(?:\/(expire))?$/);
  if (sessionPath) {
    const [, sessionId, expire] = sessionPath;
    if (method === "POST" && !sessionId) return createSession(ctx, form);
    if (method === "GET" && sessionId && !expire) return sessionOf(ctx, sessionId);
    if (method === "POST" && sessionId && expire)
      return expireSession(ctx, sessionOf(ctx, sessionId).id);
  }
  const one = id ?? "";
  switch (at) {
    case "POST refunds":
      return createRefund(ctx, form);
    case "GET refunds/:id":
      return deps.store.refunds.get(one) ?? raise(missing("refund", one));
    case "GET payment_intents/:id":
      return deps.store.paymentIntents.get(one) ?? raise(missing("payment_intent", one));
    case "POST accounts":
      return createAccount(ctx, form);
    case "GET accounts/:id":
      return accountOf(ctx, one);
    case "POST account_links":
      return createAccountLink(ctx, form);
    case "GET subscriptions/:id":
      return subscriptionOf(ctx, one);
    case "POST subscriptions/:id":
      return updateSubscription(ctx, one, form);
    case "DELETE subscriptions/:id":
      return cancelSubscription(ctx, one);
  }
  throw new PeerError(
    404,
    "invalid_request_error",
    `Unrecognized request URL (${method}: ${path}).`,
  );
}

async function payPage(
  deps: PeerHttpDeps,
  res: ServerResponse,
  method: string,
  sessionId: string,
  body: string,
) {
  const session = deps.store.sessions.get(sessionId);
  const lines = deps.store.extras.get(sessionId)?.lines ?? [];
  if (!session) return html(res, 404, notFoundPage("No such checkout session."));
  if (method === "GET")
    return html(
      res,
      200,
      checkoutPage(await deps.operate((ctx) => sessionOf(ctx, sessionId)), lines, null),
    );
  const card = new URLSearchParams(body).get("card") === "declined" ? "declined" : "ok";
  try {
    const paid = await deps.operate((ctx) => paySession(ctx, sessionId, card));
    const to = String(paid.success_url).replaceAll("{CHECKOUT_SESSION_ID}", sessionId);
    res.writeHead(303, { location: to });
    res.end();
  } catch (error) {
    if (!(error instanceof PeerError)) throw error;
    html(
      res,
      error.status === 402 ? 200 : 400,
      checkoutPage(session, lines, error.status === 402 ? error.message : null),
    );
  }
}

async function onboardPage(
  deps: PeerHttpDeps,
  res: ServerResponse,
  method: string,
  accountId: string,
  action: string | undefined,
  link: string,
) {
  const account = deps.store.accounts.get(accountId);
  const target = deps.store.accountLinks.get(link);
  if (!account || target?.account !== accountId)
    return html(res, 404, notFoundPage("This onboarding link is not valid."));
  if (method === "GET" || !action) return html(res, 200, onboardingPage(account, link));
  if (action === "complete")
    await deps.operate((ctx) => completeOnboarding(ctx, accountId, "active"));
  res.writeHead(303, { location: action === "complete" ? target.returnUrl : target.refreshUrl });
  res.end();
}

function raise(error: Error): never {
  throw error;
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "request-id": `req_${Date.now()}` });
  res.end(text);
}

function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(body);
}
