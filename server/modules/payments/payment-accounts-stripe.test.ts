import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { type PaymentsPerson, paymentsTestKit } from "#tests/support/kits/payments-test-kit.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import { paymentAccounts } from "./payments.schema.ts";
import { providerOf } from "./provider-of.ts";
import { webhookHandlers } from "./webhook-handlers.ts";

type AccountView = {
  cardPayments: { on: boolean; reason: string | null };
  account: { state: string; connectedAt: string } | null;
};

/**
 * Connecting a business's Stripe account with the real SDK against the Stripe peer: the
 * account made once, the onboarding link, the state read back, `account.updated`
 * webhooks as the peer signs and sends them.
 */
describe.each(testDatabases)("a Stripe account connected through the peer on $name", ({ open }) => {
  let database: TestDatabase;
  let peer: StripePeer;
  let kit: ReturnType<typeof paymentsTestKit>;
  /** Webhooks the peer sent, each verified by the adapter and handled as the intake does. */
  let receiver: Server;
  let handled: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    database = await open();
    peer = await startStripePeer();
    kit = paymentsTestKit(database, peer.env());
    const provider = providerOf(kit.services.settings);
    if (!provider) throw new Error("cards are off");
    const deps = { db: database.db, provider } as unknown as PaymentDeps;
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const event = provider.parseWebhook(
          Buffer.concat(chunks),
          req.headers["stripe-signature"] as string,
        );
        const handler = event.kind === "account.updated" ? webhookHandlers[event.kind] : null;
        handled = database.db.transaction(async (tx) => {
          if (handler && event.kind === "account.updated") await handler(tx, event, deps);
        });
        handled.then(
          () => res.writeHead(200).end(),
          () => res.writeHead(500).end(),
        );
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    peer.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`);
    peer.setAutoDeliver(false);
  });
  afterAll(async () => {
    await peer?.close();
    await new Promise((resolve) => receiver?.close(resolve));
    await database?.dispose();
  });

  async function rowOf(owner: PaymentsPerson) {
    const [row] = await database.db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.businessId, owner.businessId));
    return row;
  }

  /** The peer's onboarding page, completed as the organiser's browser posts it. */
  async function completeOnboardingPage(link: string): Promise<string> {
    const page = await (await fetch(link)).text();
    const action = /<form method="post" action="([^"]*\/complete[^"]*)"/.exec(page)?.[1];
    if (!action) throw new Error(`no onboarding form in ${page}`);
    const done = await fetch(new URL(action.replaceAll("&amp;", "&"), link), {
      method: "POST",
      redirect: "manual",
    });
    return done.headers.get("location") ?? `answered ${done.status}`;
  }

  it("connects, completes the onboarding page, and reads the account active before any webhook", async () => {
    const owner = await kit.person({ business: true });
    await expect(owner.call<AccountView>("payments.account", null)).resolves.toEqual({
      cardPayments: { on: true, reason: null },
      account: null,
    });

    const { url } = await owner.call<{ url: string }>("payments.connectAccount", null);
    expect(url.startsWith(peer.url)).toBe(true);
    const pending = await owner.call<AccountView>("payments.account", null);
    expect(pending.account?.state).toBe("pending");

    const back = await completeOnboardingPage(url);
    expect(back).toBe("http://shop.test/business/payments/return");
    // The webhook is held back: the state comes from asking the provider.
    const active = await owner.call<AccountView>("payments.account", null);
    expect(active.account?.state).toBe("active");
    expect((await rowOf(owner))?.state).toBe("active");
  });

  it("makes one account however often the organiser clicks, and a fresh link each time", async () => {
    const owner = await kit.person({ business: true });
    const links = await Promise.all(
      [1, 2, 3].map(() => owner.call<{ url: string }>("payments.connectAccount", null)),
    );
    expect(new Set(links.map((l) => l.url)).size).toBe(3);
    const row = await rowOf(owner);
    const accountsAtPeer = [...peer.store.accounts.values()].filter(
      (a) => (a.metadata as Record<string, string> | undefined)?.business_id === owner.businessId,
    );
    expect(accountsAtPeer.map((a) => a.id)).toEqual([row?.accountId]);
  });

  it("follows the account.updated webhook: restricted, then active again", async () => {
    const owner = await kit.person({ business: true });
    await owner.call("payments.connectAccount", null);
    const row = await rowOf(owner);
    if (!row) throw new Error("no account");
    // Stripe's `created` is in whole seconds: events of a later second than the row.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (const state of ["restricted", "active"] as const) {
      const sent = peer.events.length;
      await peer.completeOnboarding(row.accountId, state);
      const [event] = peer.events.slice(sent);
      expect(await peer.deliver(String(event?.id))).toEqual([200]);
      await handled;
      expect((await rowOf(owner))?.state).toBe(state);
    }
  });

  it("keeps each business's account its own", async () => {
    const first = await kit.person({ business: true });
    const second = await kit.person({ business: true });
    const { url } = await first.call<{ url: string }>("payments.connectAccount", null);
    await second.call("payments.connectAccount", null);
    await completeOnboardingPage(url);
    const firstView = await first.call<AccountView>("payments.account", null);
    const secondView = await second.call<AccountView>("payments.account", null);
    expect([firstView.account?.state, secondView.account?.state]).toEqual(["active", "pending"]);
    expect((await rowOf(first))?.accountId).not.toBe((await rowOf(second))?.accountId);
  });
});
