import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { qrPng } from "#server/modules/tickets/qr-image.ts";
import { writeQrVideo } from "#tests/support/fake-camera-video.ts";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { overlay, stopCamera, uploadQr, verdictOf } from "./scanner-page.ts";
import { callFunction, signInAs } from "./session.ts";
import { ticketHelpers } from "./ticket-helpers.ts";

const baseURL = inject("baseURL");
const helpers = ticketHelpers(baseURL);
/** The same server under a name that is not a secure context (not localhost, not HTTPS). */
const insecureURL = baseURL.replace("127.0.0.1", "door.test");
const videoDir = mkdtempSync(path.join(tmpdir(), "scanner-camera-"));

type Ticket = { id: string; manualCode: string; qr: string; attendeeName?: string };
let browser: Browser;
let fixture: Awaited<ReturnType<typeof doorFixture>>;

/** An event whose door team has Stan Staff, and 4 tickets (Guest 1 to Guest 4). */
async function doorFixture() {
  const event = await helpers.freeEvent();
  const as = <T>(name: string, data: unknown, userId = event.organiserId) =>
    callFunction<T>(baseURL, name, data, userId);
  const staffPhone = helpers.ukMobile();
  const staff = await callFunction<{ userId: string }>(baseURL, "test.signInAs", {
    name: "Stan Staff",
    phone: staffPhone,
  });
  const { teamId } = await as<{ teamId: string }>("teams.create", { name: "Front door" });
  await as("teams.addMember", { teamId, phone: staffPhone, role: "staff" });
  await as("teams.assignEvents", { teamId, eventIds: [event.eventId] });
  const holder = await callFunction<{ userId: string }>(baseURL, "test.signInAs", {
    name: "Harriet Holder",
    phone: helpers.ukMobile(),
  });
  await helpers.book(holder.userId, event, 4);
  const wallet = await as<{ tickets: Ticket[] }>(
    "tickets.forEvent",
    { eventId: event.eventId },
    holder.userId,
  );
  const [a, b, c, d] = wallet.tickets;
  if (!a || !b || !c || !d) throw new Error("expected 4 tickets");
  return { ...event, staffPhone, staffUserId: staff.userId, tickets: [a, b, c, d] as const };
}

/**
 * A phone of Stan Staff's, signed in at `origin`. The sign-in goes through the page itself:
 * only the browser resolves door.test (its host resolver rule).
 */
async function staffPhone(origin = baseURL): Promise<Page> {
  const page = await newPage(browser, { mobile: true });
  if (origin === baseURL) {
    await signInAs(page, origin, { name: "Stan Staff", phone: fixture.staffPhone });
    return page;
  }
  await page.goto(`${origin}/privacy_policy`);
  const status = await page.evaluate(async (phone) => {
    const response = await fetch("/api/fn/test.signInAs", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { name: "Stan Staff", phone } }),
    });
    return response.status;
  }, fixture.staffPhone);
  expect(status).toBe(200);
  return page;
}

const scannerPath = () => `/team_coordinator/check_in/scanner/${fixture.eventId}`;

async function openScanner(page: Page, origin = baseURL) {
  await page.goto(`${origin}${scannerPath()}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Upload an image of a code" }).waitFor();
}

beforeAll(async () => {
  fixture = await doorFixture();
  const video = path.join(videoDir, "ticket.y4m");
  await writeQrVideo(video, fixture.tickets[0].qr);
  browser = await launchChromium([
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    `--use-file-for-fake-video-capture=${video}`,
    "--host-resolver-rules=MAP door.test 127.0.0.1",
  ]);
});
afterAll(async () => {
  await browser?.close();
  rmSync(videoDir, { recursive: true, force: true });
});

describe("the scanner with a camera", () => {
  it("admits the ticket in front of the camera (green), and held in view shows that first verdict again as a repeat, without asking the server", async () => {
    const page = await staffPhone();
    const requests: string[] = [];
    const scans: number[] = [];
    page.on("request", (request) => {
      requests.push(request.url());
      if (request.url().endsWith("/api/fn/checkin.scan")) scans.push(Date.now());
    });
    await openScanner(page);
    await expect.poll(() => verdictOf(page), { timeout: 20_000 }).toBe("admitted");
    expect(await overlay(page).textContent()).toContain("Guest 1");
    expect(await overlay(page).getAttribute("data-repeat")).toBeNull();
    await page.screenshot({ path: "/tmp/scanner-admitted.png" });
    // Scanning resumes by itself; the same code is read again once 3 s have passed, and
    // within 30 s of the first verdict it is that verdict again, marked as a repeat.
    await expect
      .poll(
        () =>
          overlay(page)
            .getAttribute("data-repeat", { timeout: 500 })
            .catch(() => null),
        {
          timeout: 15_000,
          interval: 100,
        },
      )
      .toBe("true");
    expect(await verdictOf(page)).toBe("admitted");
    const text = await overlay(page).textContent();
    expect(text).toContain("Repeat scan");
    expect(text).toContain("Guest 1");
    expect(text).not.toContain("Already checked in");
    // One call: the repeat was answered in the page.
    expect(scans).toHaveLength(1);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.screenshot({ path: "/tmp/scanner-repeat-dark.png" });
    await page.emulateMedia({ colorScheme: "light" });

    // The tracking overlay: back to scanning (the code is ignored for the rest of its 3 s),
    // frames every 40 ms, the code's box and corners drawn on the canvas over the video.
    await page.getByRole("button", { name: "Scan the next ticket" }).click();
    await page.getByRole("switch", { name: /Tracking overlay/ }).check();
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const canvas = document.querySelector<HTMLCanvasElement>("canvas[data-codes]");
            if (canvas?.dataset.codes !== "1") return false;
            const pixels = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height);
            return pixels?.data.some((value, i) => i % 4 === 3 && value > 0) ?? false;
          }),
        { timeout: 15_000, interval: 40 },
      )
      .toBe(true);
    await page.screenshot({ path: "/tmp/scanner-tracking.png" });

    // The reader's .wasm came from our server; nothing was fetched from anywhere else.
    const origin = new URL(baseURL).origin;
    expect(
      requests.filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin),
    ).toEqual([]);
    expect(requests.some((url) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(url))).toBe(true);

    const checkIns = await callFunction<{ checkIns: { ticketId?: string; deviceId: string }[] }>(
      baseURL,
      "checkin.recent",
      { eventId: fixture.eventId },
      fixture.staffUserId,
    );
    expect(checkIns.checkIns).toHaveLength(1);
    expect(checkIns.checkIns[0]?.deviceId).toMatch(/^scanner-/);
    await page.close();
  });

  it("admits an uploaded PNG of another ticket, and a dropped file", async () => {
    const page = await staffPhone();
    await openScanner(page);
    await stopCamera(page);
    await uploadQr(page, fixture.tickets[1].qr);
    await expect.poll(() => verdictOf(page), { timeout: 10_000 }).toBe("admitted");
    expect(await overlay(page).textContent()).toContain("Guest 2");
    await page.getByRole("button", { name: "Scan the next ticket" }).click();

    const png = (await qrPng(fixture.tickets[3].qr)).toString("base64");
    await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "ticket.png", { type: "image/png" }));
      document
        .querySelector('[data-testid="drop-zone"]')
        ?.dispatchEvent(
          new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }),
        );
    }, png);
    await expect.poll(() => verdictOf(page), { timeout: 10_000 }).toBe("admitted");
    expect(await overlay(page).textContent()).toContain("Guest 4");
    await page.close();
  });

  it("refuses an image dropped from another origin with the DropImageFetchError message", async () => {
    const page = await staffPhone();
    await openScanner(page);
    await stopCamera(page);
    await page.evaluate((url) => {
      const data = new DataTransfer();
      data.setData("text/uri-list", url);
      data.setData("text/html", `<img src="${url}">`);
      document
        .querySelector('[data-testid="drop-zone"]')
        ?.dispatchEvent(
          new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }),
        );
    }, `${insecureURL}/favicon.svg`);
    await expect
      .poll(() =>
        page
          .getByTestId("image-error")
          .textContent({ timeout: 500 })
          .catch(() => ""),
      )
      .toContain("cross-origin dropped image");
    await page.close();
  });
});

describe("the formats rule on the page", () => {
  it("refuses an empty list and an unknown format, and reads QR codes when none is named", async () => {
    const page = await staffPhone();
    const message = () =>
      page
        .getByTestId("formats-error")
        .textContent({ timeout: 500 })
        .catch(() => "");
    await page.goto(`${baseURL}${scannerPath()}?formats=`);
    await waitForHydration(page);
    await expect.poll(message).toContain("The list of barcode formats may not be empty.");
    await page.goto(`${baseURL}${scannerPath()}?formats=qr_code,qr`);
    await waitForHydration(page);
    await expect.poll(message).toContain('Unknown barcode format: "qr".');
    await openScanner(page);
    expect(await page.getByTestId("formats-error").count()).toBe(0);
    await page.close();
  });
});

describe("the scanner on a page that is not a secure context", () => {
  it("says the camera only works in a secure context, and reads an uploaded image all the same", async () => {
    const page = await staffPhone(insecureURL);
    await openScanner(page, insecureURL);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    await expect
      .poll(() =>
        page
          .getByTestId("camera-error")
          .textContent({ timeout: 500 })
          .catch(() => ""),
      )
      .toContain("camera only works in a secure context");
    await page.screenshot({ path: "/tmp/scanner-insecure-light.png", fullPage: true });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(page), `insecure scanner, ${scheme}`).toEqual([]);
    }
    await page.screenshot({ path: "/tmp/scanner-insecure-dark.png", fullPage: true });
    await page.emulateMedia({ colorScheme: "light" });
    await uploadQr(page, fixture.tickets[2].qr);
    await expect.poll(() => verdictOf(page), { timeout: 10_000 }).toBe("admitted");
    expect(await overlay(page).textContent()).toContain("Guest 3");
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(page), `verdict overlay, ${scheme}`).toEqual([]);
    }
    await page.close();
  });
});

describe("what loads where", () => {
  it("the home page and the desk fetch none of the scanner's JavaScript or WebAssembly", async () => {
    const page = await staffPhone();
    const scripts = new Map<string, string>();
    page.on("response", async (response) => {
      const url = response.url();
      if (/\.(js|wasm)$/.test(new URL(url).pathname)) {
        scripts.set(url, url.endsWith(".wasm") ? "wasm" : await response.text().catch(() => ""));
      }
    });
    for (const path of ["/", `/team_coordinator/check_in/${fixture.eventId}`]) {
      await page.goto(`${baseURL}${path}`);
      await waitForHydration(page);
    }
    await page.waitForLoadState("networkidle");
    expect(scripts.size).toBeGreaterThan(3);
    const scannerBits = [...scripts].filter(
      ([url, body]) =>
        url.endsWith(".wasm") || /ScannerScreen|zxing|BarcodeDetector/.test(url + body),
    );
    expect(scannerBits.map(([url]) => url)).toEqual([]);

    // The same check finds the reader on the scanner's own page (so it can fail).
    await page.getByRole("link", { name: "Open the scanner" }).click();
    await page.getByRole("button", { name: "Upload an image of a code" }).waitFor();
    await page.waitForLoadState("networkidle");
    const found = [...scripts].filter(([url, body]) => /zxing/.test(url + body));
    expect(found.length).toBeGreaterThan(0);
    await page.close();
  });

  it("is the 404 page for another event's door staff and a plain user, and sends a visitor to sign in", async () => {
    const other = await helpers.freeEvent();
    const otherStaff = await newPage(browser);
    const otherPhone = helpers.ukMobile();
    await signInAs(otherStaff, baseURL, { name: "Olga Other", phone: otherPhone });
    const { teamId } = await callFunction<{ teamId: string }>(
      baseURL,
      "teams.create",
      { name: "Other door" },
      other.organiserId,
    );
    await callFunction(
      baseURL,
      "teams.addMember",
      { teamId, phone: otherPhone, role: "staff" },
      other.organiserId,
    );
    await callFunction(
      baseURL,
      "teams.assignEvents",
      { teamId, eventIds: [other.eventId] },
      other.organiserId,
    );
    expect((await otherStaff.goto(`${baseURL}${scannerPath()}`))?.status()).toBe(404);
    // The same person at their own event's scanner: the page (so the 404 above can fail).
    const own = `${baseURL}/team_coordinator/check_in/scanner/${other.eventId}`;
    expect((await otherStaff.goto(own))?.status()).toBe(200);
    await otherStaff.close();

    const plain = await newPage(browser);
    await signInAs(plain, baseURL, { name: "Pia Plain", phone: helpers.ukMobile() });
    expect((await plain.goto(`${baseURL}${scannerPath()}`))?.status()).toBe(404);
    const visitor = await newPage(browser);
    await visitor.goto(`${baseURL}${scannerPath()}`);
    expect(new URL(visitor.url()).pathname).toBe("/login");
    await plain.close();
    await visitor.close();
  });
});
