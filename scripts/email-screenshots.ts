/**
 * npm run screenshots:email — the booking confirmation (tickets) email as a phone's mail
 * app shows it, light and dark: screenshots/phone-{light,dark}/email_booking_tickets.png
 * (ignored by git), to look at before calling the email done. Renders the email's real
 * HTML (ticketEmailHtml) for a sample booking of two tickets, with the QR images as
 * data: URLs where the email has `cid:` attachments, in Chromium at 390×844.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { TicketEmailData } from "#server/modules/bookings/ticket-email/ticket-email-data.ts";
import { ticketEmailHtml } from "#server/modules/bookings/ticket-email/ticket-email-html.ts";
import { qrPng } from "#server/modules/tickets/qr-image.ts";
import { launchChromium, newPage } from "#tests/e2e/browser.ts";
import { projectRoot } from "#tests/support/spawn-server.ts";

const base = "https://tickets.example.com";
const ticket = (id: string, attendeeName: string, ticketTypeName: string, manualCode: string) => ({
  id,
  attendeeName,
  ticketTypeName,
  manualCode,
  // As long as a real token (about 120 characters), so the symbol is the real size.
  qr: `T1.${id}.${"x".repeat(110)}`,
  giveLink: `${base}/assign/${id}`,
  appleWalletLink: `${base}/wallet/apple/${id}.pkpass?k=sample`,
  googleWalletLink: `${base}/wallet/google/${id}?k=sample`,
});

const sample: TicketEmailData = {
  businessName: "The Blue Note Hall",
  reference: "K7QM-3TPX",
  totalMinor: 4000,
  currency: "EUR",
  discount: { code: "EARLY20", amountMinor: 1000 },
  bookingLink: `${base}/booking_refrence?reference=K7QM-3TPX`,
  event: {
    shortId: "a1b2c3",
    title: "Late Night Jazz: The Quartet",
    description: "",
    startsAt: "2026-12-05T19:30:00.000Z",
    endsAt: "2026-12-05T22:30:00.000Z",
    timeZone: "Europe/Berlin",
    venueName: "The Blue Note Hall",
    venueAddress: "Hauptstraße 12, Berlin",
    status: "published",
    link: `${base}/late-night-jazz-the-quartet-a1b2c3`,
  },
  tickets: [
    ticket("6f1c2a9e-0000-4000-8000-000000000001", "Ada Lovelace", "Standing", "KQ7M-3TPX"),
    ticket("6f1c2a9e-0000-4000-8000-000000000002", "Alan Turing", "Standing", "M4RT-9WZB"),
  ],
};

const images = new Map<string, string>();
for (const t of sample.tickets) {
  images.set(t.id, `data:image/png;base64,${(await qrPng(t.qr)).toString("base64")}`);
}
const html = ticketEmailHtml(sample, (t) => images.get(t.id) ?? "");

const browser = await launchChromium();
try {
  const page = await newPage(browser, { mobile: true });
  for (const scheme of ["light", "dark"] as const) {
    const folder = path.join(projectRoot, "screenshots", `phone-${scheme}`);
    mkdirSync(folder, { recursive: true });
    await page.emulateMedia({ colorScheme: scheme });
    await page.setContent(html, { waitUntil: "load" });
    const file = path.join(folder, "email_booking_tickets.png");
    await page.screenshot({ path: file, fullPage: true });
    console.log(path.relative(projectRoot, file));
  }
} finally {
  await browser.close();
}
