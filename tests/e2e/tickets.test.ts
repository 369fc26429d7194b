import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DoorVerdict } from "#contract/door-verdict.ts";
import { decodeQrImage, pdfImages } from "#tests/support/qr-decode.ts";
import { launchChromium, newPage, waitForHydration } from "./browser.ts";
import { signInAs } from "./session.ts";
import { ticketHelpers } from "./ticket-helpers.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const {
  call,
  ukMobile,
  giveTicket,
  freeEvent,
  book,
  qrCodesOn,
  verifiesWithPublishedKeys,
  outboxSms,
  axeInBothSchemes,
} = ticketHelpers(baseURL);

describe("tickets (issue 11)", () => {
  it("shows 2 QR codes that verify, gives one to a phone with no account, which claims it; the old QR dies", {
    timeout: 240_000,
  }, async () => {
    const event = await freeEvent();
    const page = await newPage(browser, { mobile: true });
    const rosa = await signInAs(page, baseURL, { name: "Rosa Holder", phone: ukMobile() });
    await book(rosa.userId, event, 2);

    await page.goto(`${baseURL}/my_ticket/${event.eventId}`);
    await waitForHydration(page);
    const shown = await qrCodesOn(page, 2);
    expect(await page.title()).toBe("My tickets · Tickets");
    expect(shown).toHaveLength(2);
    for (const token of shown) expect(await verifiesWithPublishedKeys(token)).toBe(true);
    await page.screenshot({ path: "/tmp/tickets-wallet.png", fullPage: true });
    await axeInBothSchemes(page, `${baseURL}/my_ticket/${event.eventId}`);

    const wallet = await call<{ tickets: { id: string; qr: string }[] }>(
      "tickets.forEvent",
      { eventId: event.eventId },
      rosa.userId,
    );
    const [given, kept] = wallet.tickets;
    if (!given || !kept) throw new Error("two tickets expected");
    expect(new Set(shown)).toEqual(new Set([given.qr, kept.qr]));

    // The PDF of one ticket: one page, its QR the ticket's current token.
    const pdf = await page.request.get(`${baseURL}/my-ticket/${given.id}/pdf`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const { pages, images } = await pdfImages(await pdf.body());
    expect(pages).toBe(1);
    expect(await decodeQrImage(images[0] as Buffer)).toEqual([given.qr]);

    await page.goto(`${baseURL}/my-ticket/${given.id}`);
    await waitForHydration(page);
    expect(await qrCodesOn(page, 1)).toEqual([given.qr]);
    expect(await page.title()).toBe("My ticket · Tickets");
    await page.screenshot({ path: "/tmp/tickets-door.png", fullPage: true });
    await axeInBothSchemes(page, `${baseURL}/my-ticket/${given.id}`);
    await axeInBothSchemes(page, `${baseURL}/ticket-detail/${given.id}`);
    await axeInBothSchemes(page, `${baseURL}/assign/${given.id}`);

    const nell = ukMobile();
    await giveTicket(page, given.id, "Nell Newcomer", nell);
    await page.getByText("Nell Newcomer has your ticket", { exact: false }).waitFor();
    await page.screenshot({ path: "/tmp/tickets-given.png", fullPage: true });
    await axeInBothSchemes(page, page.url());

    const sms = await outboxSms(nell);
    const link = sms.match(/https?:\/\/\S+/)?.[0] ?? "";
    expect(new URL(link).pathname).toBe(`/ticket/${given.id}`);
    const verdict = await call<DoorVerdict>(
      "tickets.verifyToken",
      { eventId: event.eventId, token: given.qr },
      event.organiserId,
    );
    expect(verdict).toMatchObject({ verdict: "invalid", reason: "given-away" });

    // Nell registers with that phone (code from the SMS), opens the link and claims it.
    const newcomer = await newPage(browser, { mobile: true });
    const registered = await newcomer.request.post(`${baseURL}/api/fn/accounts.register`, {
      data: { data: { name: "Nell", phone: nell, password: "violet orbit lantern 42" } },
    });
    const { verificationId } = (await registered.json()).result as { verificationId: string };
    const codeSms = await (async () => {
      for (let i = 0; i < 75; i++) {
        const { messages } = await call<{ messages: { text: string }[] }>("dev.outbox", {
          destination: nell,
        });
        const withCode = messages.find((m) => /\b\d{6}\b/.test(m.text));
        if (withCode) return withCode.text;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error("no code");
    })();
    const code = codeSms.match(/\b\d{6}\b/)?.[0];
    const verified = await newcomer.request.post(`${baseURL}/api/fn/accounts.verifyRegistration`, {
      data: { data: { verificationId, code } },
    });
    expect(verified.ok()).toBe(true);
    const shareUrl = `${baseURL}${new URL(link).pathname}${new URL(link).search}`;
    await newcomer.goto(shareUrl);
    await waitForHydration(newcomer);
    await axeInBothSchemes(newcomer, shareUrl);
    await newcomer.getByRole("button", { name: "Add to my account" }).click();
    await newcomer.waitForURL(`${baseURL}/my-ticket/${given.id}`);
    const [claimedQr] = await qrCodesOn(newcomer, 1);
    expect(claimedQr).toBeDefined();
    expect(claimedQr).not.toBe(given.qr);
    await newcomer.goto(`${baseURL}/my_ticket/${event.eventId}`);
    expect(await qrCodesOn(newcomer, 1)).toEqual([claimedQr]);

    // The giver's old QR stays dead, and undo is no longer offered or accepted.
    expect(
      await call<DoorVerdict>(
        "tickets.verifyToken",
        { eventId: event.eventId, token: given.qr },
        event.organiserId,
      ),
    ).toMatchObject({ verdict: "invalid", reason: "given-away" });
    await page.goto(`${baseURL}/message/assigned_ticket_success/${given.id}`);
    await page.getByText("has claimed the ticket").waitFor();
    expect(await page.getByRole("button", { name: /Undo/ }).count()).toBe(0);
    await expect(call("tickets.undoAssign", { ticketId: given.id }, rosa.userId)).rejects.toThrow(
      /FAILED_PRECONDITION/,
    );
    await page.goto(`${baseURL}/my_ticket/${event.eventId}`);
    expect(await qrCodesOn(page, 1)).toEqual([kept.qr]);
  });

  it("gives a ticket to an account at once: its bell counts it, opening it counts down; undo gives a fresh QR", async () => {
    const event = await freeEvent();
    const giver = await newPage(browser, { mobile: true });
    const gus = await signInAs(giver, baseURL, { name: "Gus Giver", phone: ukMobile() });
    await book(gus.userId, event, 1);
    const friendPhone = ukMobile();
    const friend = await newPage(browser, { mobile: true });
    const fay = await signInAs(friend, baseURL, { name: "Fay Friend", phone: friendPhone });
    await friend.goto(`${baseURL}/upcomming`);
    await waitForHydration(friend);
    const bell = friend.getByTestId("notification-bell");
    await expect.poll(() => bell.getAttribute("data-unread")).toBe("0");

    const [ticket] = (
      await call<{ tickets: { id: string; qr: string }[] }>(
        "tickets.forEvent",
        { eventId: event.eventId },
        gus.userId,
      )
    ).tickets;
    if (!ticket) throw new Error("no ticket");
    await giver.goto(`${baseURL}/assign/${ticket.id}`);
    await waitForHydration(giver);
    await giveTicket(giver, ticket.id, "Fay", friendPhone);

    await friend.goto(`${baseURL}/upcomming`);
    await expect.poll(() => bell.getAttribute("data-unread")).toBe("1");
    expect(await bell.getAttribute("aria-label")).toBe("Notifications, 1 unread");
    await friend.getByRole("link", { name: "Fay" }).click();
    await friend.waitForURL(`${baseURL}/my-ticket/${ticket.id}`);
    expect(await qrCodesOn(friend, 1)).toHaveLength(1);
    await bell.click();
    await friend.waitForURL(/\/notification\/[0-9a-f-]{36}$/);
    await friend.getByRole("heading", { name: "Gus Giver gave you a ticket" }).waitFor();
    await expect.poll(() => bell.getAttribute("data-unread")).toBe("0");
    await friend.screenshot({ path: "/tmp/tickets-notification.png", fullPage: true });
    await axeInBothSchemes(friend, friend.url());

    await giver.getByRole("button", { name: "Undo: take the ticket back" }).click();
    await giver.waitForURL(`${baseURL}/my-ticket/${ticket.id}`);
    const [fresh] = await qrCodesOn(giver, 1);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(ticket.qr);
    expect(await verifiesWithPublishedKeys(fresh as string)).toBe(true);
    const response = await friend.goto(`${baseURL}/my-ticket/${ticket.id}`);
    expect(response?.status()).toBe(404);
    void fay;
  });

  it("answers 404 to another user and to made-up ids, sends visitors to sign in, and shows them no QR", async () => {
    const event = await freeEvent();
    const owner = await newPage(browser);
    const olga = await signInAs(owner, baseURL, { name: "Olga Owner", phone: ukMobile() });
    await book(olga.userId, event, 1);
    const [ticket] = (
      await call<{ tickets: { id: string }[] }>(
        "tickets.forEvent",
        { eventId: event.eventId },
        olga.userId,
      )
    ).tickets;
    if (!ticket) throw new Error("no ticket");
    const { items } = await call<{ items: { id: string }[] }>(
      "notifications.list",
      {},
      olga.userId,
    );
    const notificationId = items[0]?.id ?? "";
    const paths = [
      `/my_ticket/${event.eventId}`,
      `/my-ticket/${ticket.id}`,
      `/my-ticket/${ticket.id}/pdf`,
      `/ticket-detail/${ticket.id}`,
      `/assign/${ticket.id}`,
      `/message/assigned_ticket_success/${ticket.id}`,
      `/notification/${notificationId}`,
    ];
    const stranger = await newPage(browser);
    await signInAs(stranger, baseURL, { name: "Sam Stranger", phone: ukMobile() });
    for (const path of paths) {
      expect((await stranger.request.get(`${baseURL}${path}`)).status(), path).toBe(404);
    }
    for (const made of [
      "00000000-0000-4000-8000-000000000000",
      "nope",
      "%E2%9C%93",
      "x".repeat(300),
    ]) {
      for (const prefix of [
        "/my-ticket/",
        "/my_ticket/",
        "/ticket-detail/",
        "/assign/",
        "/ticket/",
        "/notification/",
      ]) {
        expect(
          (await owner.request.get(`${baseURL}${prefix}${made}`)).status(),
          prefix + made,
        ).toBe(404);
      }
    }
    const visitor = await newPage(browser);
    for (const path of paths) {
      const response = await visitor.request.get(`${baseURL}${path}`, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    }
    await visitor.goto(`${baseURL}/ticket/${ticket.id}`);
    await visitor.getByText("Night of Scanners").first().waitFor();
    expect(await visitor.locator("svg[data-qr-token]").count()).toBe(0);
    await axeInBothSchemes(visitor, `${baseURL}/ticket/${ticket.id}`);
  });
});
