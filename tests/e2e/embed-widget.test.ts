import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { embedPath, embedScriptPath, embedSnippets } from "#contract/embed.ts";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { signInAs } from "./session.ts";
import { ticketHelpers } from "./ticket-helpers.ts";

/**
 * The ticket widget (decision 040) on an organiser's own site: pages served from another
 * site (`127.0.0.2`: loopback, but not our `127.0.0.1` nor `localhost`), with their own
 * Content-Security-Policy, frame our widget through our script or a plain `<iframe>`.
 */
const baseURL = inject("baseURL");
const helpers = ticketHelpers(baseURL);
let browser: Browser;
let host: Server;
let hostURL = "";
let event: Awaited<ReturnType<typeof helpers.freeEvent>>;
let eventPath = "";

/** A host page: its body, and the CSP its site sends with it. */
const hostPages = new Map<string, { body: string; csp: string }>();

/** What the organiser's site allows: our script and our frames, nothing inline, no styles. */
const strictHostCsp = () =>
  `default-src 'none'; script-src ${baseURL}; frame-src ${baseURL}; style-src 'none'; img-src 'none'`;

function hostPage(path: string, body: string, csp = strictHostCsp()) {
  const head = "<head><title>Our venue</title></head>";
  hostPages.set(path, { body: `<!doctype html><html lang="en">${head}${body}</html>`, csp });
  return `${hostURL}${path}`;
}

beforeAll(async () => {
  browser = await launchChromium();
  event = await helpers.freeEvent();
  const page = await fetch(`${baseURL}/${event.shortId}`, { redirect: "manual" });
  eventPath = new URL(page.headers.get("location") ?? "", baseURL).pathname;
  host = createServer((req, res) => {
    const page = hostPages.get(req.url ?? "");
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": page.csp,
    });
    res.end(page.body);
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.2", resolve));
  hostURL = `http://127.0.0.2:${(host.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.close(resolve));
});

/** Every message Chromium logs for a Content-Security-Policy refusal on the page. */
function cspRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text());
  });
  return refusals;
}

/** The widget's frame on the host page, once its page has hydrated. */
async function widgetFrame(page: Page, site = baseURL): Promise<Frame> {
  const element = page.locator(`iframe[src^="${site}${embedPath(event.shortId)}"]`);
  await element.waitFor();
  const frame = await (await element.elementHandle())?.contentFrame();
  if (!frame) throw new Error("no widget frame");
  await frame.locator("main[data-hydrated]").waitFor();
  return frame;
}

const schemeOf = (frame: Frame) => frame.locator("html").getAttribute("data-mantine-color-scheme");

describe("the ticket widget through our script", () => {
  it("shows the ticket types with live availability under the host's strict CSP, fitted to its content", async () => {
    const url = hostPage(
      "/shop",
      `<body><h1>Our venue's shop</h1>
       <script src="${baseURL}${embedScriptPath}" data-event="${event.shortId}" async></script>
       <p>Below the widget.</p></body>`,
    );
    const page = await newPage(browser, { mobile: true });
    const refusals = cspRefusals(page);
    await page.goto(url);
    const frame = await widgetFrame(page);
    await frame.getByRole("heading", { name: "Night of Scanners" }).waitFor();
    const standing = frame.getByRole("listitem").filter({ hasText: "Standing" });
    await expect.poll(() => standing.textContent()).toContain("50 left");

    // Booked elsewhere: the widget shows it without a reload (its loader runs again when
    // the page comes back into view, and every 30 s).
    const buyer = await helpers.call<{ userId: string }>("test.signInAs", {
      name: "Widget Buyer",
      phone: helpers.ukMobile(),
    });
    await helpers.book(buyer.userId, event, 2);
    await expect
      .poll(
        async () => {
          await frame.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
          return standing.textContent();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toContain("48 left");

    // The frame grows to its widget: no scroll bar inside, nothing cut off.
    const iframe = page.locator("iframe");
    await expect
      .poll(async () => {
        const content = await frame.evaluate(() =>
          Math.ceil(document.documentElement.getBoundingClientRect().height),
        );
        const box = await iframe.boundingBox();
        return Math.abs((box?.height ?? 0) - content);
      })
      .toBeLessThanOrEqual(1);
    expect(await iframe.getAttribute("title")).toBe("Tickets");
    expect(refusals).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("opens the booking in a pop-up window on our site", async () => {
    const url = hostPage(
      "/shop-book",
      `<body><script src="${baseURL}${embedScriptPath}" data-event="${event.shortId}" async></script></body>`,
    );
    const page = await newPage(browser, { mobile: true });
    await signInAs(page, baseURL, { name: "Popup Buyer", phone: helpers.ukMobile() });
    await page.goto(url);
    const frame = await widgetFrame(page);
    const [popup] = await Promise.all([
      page.context().waitForEvent("page"),
      frame.getByRole("link", { name: "Get tickets" }).click(),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).href).toBe(`${baseURL}/booking/${event.shortId}`);
    await popup.getByRole("heading", { name: "Choose your tickets" }).waitFor();
    // A window of its own, which cannot reach back into the host page.
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(page.url()).toBe(url);
  });

  it("draws in the host page's dark scheme, and follows it when the host switches", async () => {
    const url = hostPage(
      "/dark",
      `<body><style>body { background: #101113; color: #e9ecef; }</style><script src="${baseURL}${embedScriptPath}" data-event="${event.shortId}" async></script></body>`,
      // This host styles its page with its own style element.
      strictHostCsp().replace("style-src 'none'", "style-src 'unsafe-inline'"),
    );
    const page = await newPage(browser, { mobile: true });
    await page.goto(url);
    const frame = await widgetFrame(page);
    await expect.poll(() => schemeOf(frame)).toBe("dark");
    await page.evaluate(() => {
      document.body.style.background = "#ffffff";
    });
    await expect.poll(() => schemeOf(frame)).toBe("light");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe("the event's page in the console", () => {
  it("offers the snippets to copy, and the copied script puts the widget on a page", async () => {
    const page = await newPage(browser, { mobile: true });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: baseURL,
    });
    await signInAs(page, baseURL, { name: "Ticket Organiser", phone: event.organiserPhone });
    await page.goto(`${baseURL}/business/events/${event.eventId}`);
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Sell on your website" });
    await section.getByRole("button", { name: "Copy the script snippet" }).click();
    await section.getByText("Snippet copied").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // The site's public address (PUBLIC_URL; unset, as here, http://localhost:{PORT}).
    const site = `http://localhost:${new URL(baseURL).port}`;
    expect(copied).toBe(
      `<script src="${site}${embedScriptPath}" data-event="${event.shortId}" async></script>`,
    );
    expect(await section.locator("pre").first().textContent()).toBe(copied);
    await section.getByRole("button", { name: "Copy the frame snippet" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      `<iframe src="${site}${embedPath(event.shortId)}"`,
    );
    await helpers.axeInBothSchemes(page, page.url());

    const shop = await newPage(browser, { mobile: true });
    await shop.goto(
      hostPage(
        "/pasted",
        `<body>${copied}</body>`,
        `default-src 'none'; script-src ${site}; frame-src ${site}; style-src 'none'`,
      ),
    );
    const frame = await widgetFrame(shop, site);
    await frame.getByRole("link", { name: "Get tickets" }).waitFor();
  });
});

describe("the ticket widget as a plain iframe", () => {
  it("is the snippet the console offers, and follows the system's scheme without our script", async () => {
    const snippet = embedSnippets(baseURL, event.shortId, "Night of Scanners").iframe;
    const url = hostPage(
      "/frame",
      `<body>${snippet}</body>`,
      `default-src 'none'; frame-src ${baseURL}; style-src 'unsafe-inline'`,
    );
    const page = await newPage(browser, { mobile: true });
    const refusals = cspRefusals(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(url);
    const frame = await widgetFrame(page);
    await frame.getByText("Standing").waitFor();
    expect(await schemeOf(frame)).toBe("dark");
    expect(refusals).toEqual([]);
  });
});

describe("pages that are not widgets", () => {
  it("refuse to be framed by another site: the event page and the booking page", async () => {
    const url = hostPage(
      "/steal",
      `<body><iframe src="${baseURL}${eventPath}" title="event"></iframe>
       <iframe src="${baseURL}/booking/${event.shortId}" title="booking"></iframe></body>`,
      `default-src 'none'; frame-src ${baseURL}`,
    );
    const page = await newPage(browser, { mobile: true });
    const refusals = cspRefusals(page);
    await page.goto(url);
    await expect.poll(() => refusals.filter((r) => /frame-ancestors/.test(r)).length).toBe(2);
    for (const frame of page.frames().slice(1)) {
      expect(
        await frame
          .locator("body")
          .textContent()
          .catch(() => ""),
      ).not.toContain("Night of Scanners");
    }
  });

  it("answer with frame-ancestors 'none'; a widget with any site's, and our script loads anywhere", async () => {
    const eventPage = await fetch(`${baseURL}${eventPath}`);
    expect(eventPage.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(eventPage.headers.get("x-frame-options")).toBe("SAMEORIGIN");

    const widget = await fetch(`${baseURL}${embedPath(event.shortId)}`);
    expect(widget.status).toBe(200);
    const csp = widget.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors *");
    expect(csp).toContain("default-src 'self'");
    expect(widget.headers.get("x-frame-options")).toBeNull();
    // The event page's public part: from the shared cache, like the event page (decision 032).
    const again = await fetch(`${baseURL}${embedPath(event.shortId)}`);
    expect(again.headers.get("x-cache")).toMatch(/HIT|STALE/);

    const script = await fetch(`${baseURL}${embedScriptPath}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    expect(script.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
  });

  it("has no widget for an unknown event or a draft", async () => {
    expect((await fetch(`${baseURL}${embedPath("nosuchevent")}`)).status).toBe(404);
    const draft = await helpers.call<{ shortId: string }>(
      "events.create",
      {
        title: "Still a draft",
        description: "",
        venueName: "The Loft",
        venueAddress: "5 Quay Street, Leeds",
        timeZone: "Europe/London",
        startsLocal: "2099-01-01T20:00",
        endsLocal: "2099-01-01T23:00",
        category: "music",
      },
      event.organiserId,
    );
    expect((await fetch(`${baseURL}${embedPath(draft.shortId)}`)).status).toBe(404);
  });
});
