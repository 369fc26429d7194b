import type { Json, SessionLine } from "./stripe-peer-store.ts";

/**
 * The peer's hosted pages: plain HTML forms (no script), so a browser test pays, fails or
 * cancels as a buyer would on Stripe Checkout, and completes or defers an onboarding.
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const formatMinor = (minor: number, currency: string) =>
  `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

export function checkoutPage(session: Json, lines: SessionLine[], error: string | null): string {
  const currency = String(session.currency ?? "");
  const rows = lines
    .map(
      (line) =>
        `<li>${escapeHtml(line.name)} × ${line.quantity}: ${formatMinor(line.unitAmount * line.quantity, currency)}</li>`,
    )
    .join("");
  const cancel = session.cancel_url
    ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>`
    : "";
  const head = `<h1>Pay ${formatMinor(session.amount_total, currency)}</h1><ul>${rows}</ul>`;
  if (session.status === "expired")
    return page(
      "Checkout expired",
      `${head}<p role="alert">This checkout session has expired.</p>${cancel}`,
    );
  if (session.status === "complete")
    return page("Checkout complete", `${head}<p>This checkout session is already paid.</p>`);
  const alert = error ? `<p role="alert">${escapeHtml(error)}</p>` : "";
  return page(
    "Checkout",
    `${head}${alert}<form method="post" action="/pay/${escapeHtml(session.id)}">` +
      `<button type="submit" name="card" value="ok">Pay</button> ` +
      `<button type="submit" name="card" value="declined">Pay with a declined card</button>` +
      `</form>${cancel}`,
  );
}

export function onboardingPage(account: Json, link: string): string {
  const action = (what: string) =>
    `<form method="post" action="/onboard/${escapeHtml(account.id)}/${what}?link=${escapeHtml(link)}">` +
    `<button type="submit">${what === "complete" ? "Complete" : "Later"}</button></form>`;
  return page(
    "Onboarding",
    `<h1>Set up payouts</h1><p>${escapeHtml(account.email ?? account.id)}</p>${action("complete")}${action("later")}`,
  );
}

export function notFoundPage(what: string): string {
  return page("Not found", `<p>${escapeHtml(what)}</p>`);
}
