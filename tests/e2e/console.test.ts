import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { signInAs, signInAsOwner as signInAsOwnerOf } from "./session.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

function signInAsOwner(page: Page, name: string): Promise<string> {
  return signInAsOwnerOf(page, baseURL, name);
}

/** `YYYY-MM-DDTHH:mm`, `days` from now at `hour` (what a datetime-local input takes). */
function localInDays(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return `${date}T${String(hour).padStart(2, "0")}:00`;
}

describe("organizer console in the browser", () => {
  it("creates an event, adds ticket types, uploads a cover, publishes; others get 404", async () => {
    const page = await newPage(browser, { mobile: true });
    await signInAsOwner(page, "Nina");

    await page.goto(`${baseURL}/business/events`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Create your first event" }).click();
    await page.waitForURL(`${baseURL}/business/events/new`);
    await page.getByLabel("Title").fill("Harbour Jazz Night");
    await page.getByLabel("Description").fill("Live **jazz** by the sea.\n\n- Doors 19:00");
    await page.getByRole("region", { name: "Description preview" }).getByText("jazz").waitFor();
    await page.getByRole("textbox", { name: "Venue", exact: true }).fill("Harbour Hall");
    // A new event starts in the browser's zone (UTC here); typing a city finds another.
    await expect(page.getByRole("combobox", { name: "Time zone" }).inputValue()).resolves.toBe(
      "UTC",
    );
    await page.getByRole("combobox", { name: "Time zone" }).fill("lisbon");
    await page.getByRole("option", { name: "Europe/Lisbon" }).click();
    await page.getByLabel("Category").selectOption("music");
    await page.getByLabel("Starts").fill(localInDays(40, 19));
    // The end before the start: refused next to the end, everything typed kept.
    await page.getByLabel("Ends").fill(localInDays(40, 18));
    await page.getByRole("button", { name: "Create draft event" }).click();
    await page.getByText("The end must be after the start.").waitFor();
    await expect(page.getByLabel("Title").inputValue()).resolves.toBe("Harbour Jazz Night");
    await page.getByLabel("Ends").fill(localInDays(40, 23));
    await page.getByRole("button", { name: "Create draft event" }).click();
    await page.waitForURL(/\/business\/events\/[0-9a-f-]{36}\?created$/);
    const eventUrl = page.url().replace(/\?created$/, "");
    await page.getByText("Your event is saved as a draft.").waitFor();
    await waitForHydration(page);

    const addForm = page.getByRole("region", { name: "Add a ticket type" });
    await addForm.getByLabel("Name").fill("General admission");
    await addForm.getByLabel("Price").fill("-5");
    await addForm.getByLabel("Currency").selectOption("EUR");
    await addForm.getByLabel("Capacity").fill("150");
    await addForm.getByRole("button", { name: "Add ticket type" }).click();
    await expect
      .poll(() => page.locator("#new-ticket-price-error").textContent())
      .toBe("The price cannot be negative.");
    await expect(addForm.getByLabel("Name").inputValue()).resolves.toBe("General admission");
    await expect(addForm.getByLabel("Capacity").inputValue()).resolves.toBe("150");
    await addForm.getByLabel("Price").fill("12.50");
    await addForm.getByRole("button", { name: "Add ticket type" }).click();
    await page.getByText("General admission added.").waitFor();
    await addForm.getByLabel("Name").fill("Front row");
    await addForm.getByLabel("Price").fill("40");
    await addForm.getByLabel("Capacity").fill("20");
    await addForm.getByRole("button", { name: "Add ticket type" }).click();
    await page.getByText("Front row added.").waitFor();
    const types = page.getByTestId("ticket-type");
    await expect.poll(() => types.count()).toBe(2);
    await expect(types.first().getByTestId("ticket-type-taken").textContent()).resolves.toContain(
      "0 / 150 taken",
    );
    await expect(types.first().textContent()).resolves.toContain("€12.50");

    const coverInput = page.locator('input[type="file"][name="cover"]');
    const upload = page.getByRole("button", { name: "Upload cover" });
    // A text file calling itself a JPEG: the server reads the bytes, not the name.
    await coverInput.setInputFiles({
      name: "notes.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("Not a picture at all.\n".repeat(40)),
    });
    await upload.click();
    await page
      .getByText("This file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).")
      .waitFor();
    // 10 MB: the page says so before uploading anything...
    const tenMegabytes = Buffer.alloc(10 * 1024 * 1024, 1);
    await coverInput.setInputFiles({
      name: "huge.jpg",
      mimeType: "image/jpeg",
      buffer: tenMegabytes,
    });
    await page.getByText("The image is larger than 5 MB.").waitFor();
    await expect(upload.isDisabled()).resolves.toBe(true);
    // ...and the server, posted to without the page's check, answers the field's message.
    const direct = await page.request.post(eventUrl, {
      headers: { Origin: baseURL },
      multipart: {
        intent: "cover",
        cover: { name: "huge.jpg", mimeType: "image/jpeg", buffer: tenMegabytes },
      },
    });
    expect(direct.status()).toBe(400);
    expect(await direct.text()).toContain("The image is larger than 5 MB.");

    const png = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: "#1c7ed6" },
    })
      .png()
      .toBuffer();
    await coverInput.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: png });
    await upload.click();
    await page.getByText("Cover image saved.").waitFor();
    const cover = page.getByAltText("Cover image of Harbour Jazz Night");
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1600);

    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Publish" }).click();
    const dialog = page.getByRole("dialog", { name: "Publish this event?" });
    await dialog.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Published: the event is on sale.").waitFor();
    await expect(page.getByTestId("event-status").first().textContent()).resolves.toBe("Published");
    await page.getByRole("link", { name: /Open the public page/ }).waitFor();

    await page.goto(`${baseURL}/business/events`);
    await page.getByRole("link", { name: "Harbour Jazz Night" }).waitFor();
    await expect(page.getByTestId("tickets-taken").textContent()).resolves.toContain(
      "0 of 170 tickets taken",
    );

    const rival = await newPage(browser);
    await signInAsOwner(rival, "Rex");
    const response = await rival.goto(eventUrl);
    expect(response?.status()).toBe(404);
    await rival.getByRole("heading", { name: "Page Not Found" }).waitFor();
    // Nor can the rival act on it: the editor's action answers "not found" too.
    const forged = await rival.request.post(eventUrl, {
      headers: { Origin: baseURL },
      form: { intent: "cancel" },
    });
    expect(forged.status()).toBe(404);
    for (const id of ["not-an-id", "00000000-0000-4000-8000-000000000000"]) {
      const unknown = await page.goto(`${baseURL}/business/events/${id}`);
      expect(unknown?.status(), id).toBe(404);
    }
    await page.goto(eventUrl);
    await expect(page.getByTestId("event-status").first().textContent()).resolves.toBe("Published");
    await rival.close();

    // A visitor finds it by search on the home page and opens it: both prices, all left.
    const visitor = await newPage(browser, { mobile: true });
    await visitor.goto(`${baseURL}/?q=${encodeURIComponent('"harbour jazz night"')}`);
    await visitor.getByRole("heading", { name: "1 event matches your search" }).waitFor();
    await expect(visitor.locator("article").first().textContent()).resolves.toContain(
      "From €12.50",
    );
    await visitor.getByRole("link", { name: "Harbour Jazz Night" }).click();
    await visitor.getByRole("heading", { level: 1, name: "Harbour Jazz Night" }).waitFor();
    for (const text of ["€12.50", "€40.00", "150 left", "20 left"]) {
      await expect(visitor.getByText(text, { exact: true }).count(), text).resolves.toBe(1);
    }
    await visitor.getByRole("link", { name: "Book tickets" }).waitFor();
    await visitor.close();
    await page.close();
  });

  it("saves the organiser's reminder switch, on by default, with the details", async () => {
    const page = await newPage(browser, { mobile: true });
    await signInAsOwner(page, "Rita");
    await page.goto(`${baseURL}/business/events/new`);
    await waitForHydration(page);
    const reminder = page.getByRole("checkbox", { name: "Send a reminder 24 hours before" });
    await expect(reminder.isChecked()).resolves.toBe(true);
    await page.getByLabel("Title").fill("Quiet Quartet");
    await page.getByRole("textbox", { name: "Venue", exact: true }).fill("Small Room");
    await page.getByLabel("Starts").fill(localInDays(20, 19));
    await page.getByLabel("Ends").fill(localInDays(20, 21));
    await reminder.uncheck();
    await page.getByRole("button", { name: "Create draft event" }).click();
    await page.waitForURL(/\/business\/events\/[0-9a-f-]{36}\?created$/);
    // The address changes before React shows the editor: until "Save details" is there,
    // the same checkbox of the form being left would be the one ticked.
    await page.getByRole("button", { name: "Save details" }).waitFor();
    await expect(reminder.isChecked()).resolves.toBe(false);
    await reminder.check();
    await page.getByRole("button", { name: "Save details" }).click();
    await page.getByText("Saved.", { exact: true }).waitFor();
    await page.reload();
    await waitForHydration(page);
    await expect(reminder.isChecked()).resolves.toBe(true);
    await reminder.uncheck();
    await page.getByRole("button", { name: "Save details" }).click();
    await page.getByText("Saved.", { exact: true }).waitFor();
    await page.reload();
    await waitForHydration(page);
    await expect(reminder.isChecked()).resolves.toBe(false);
    await page.close();
  });

  it("adds a hidden ticket type: the box, the badge, kept through a refusal and an edit", async () => {
    const page = await newPage(browser, { mobile: true });
    await signInAsOwner(page, "Hana");
    await page.goto(`${baseURL}/business/events/new`);
    await waitForHydration(page);
    await page.getByLabel("Title").fill("Press Preview");
    await page.getByRole("textbox", { name: "Venue", exact: true }).fill("Small Room");
    await page.getByLabel("Starts").fill(localInDays(20, 19));
    await page.getByLabel("Ends").fill(localInDays(20, 21));
    await page.getByRole("button", { name: "Create draft event" }).click();
    await page.waitForURL(/\/business\/events\/[0-9a-f-]{36}\?created$/);
    await waitForHydration(page);

    const addForm = page.getByRole("region", { name: "Add a ticket type" });
    const hidden = addForm.getByRole("checkbox", { name: "Hidden" });
    await expect(hidden.isChecked()).resolves.toBe(false);
    await addForm
      .getByText("Shown and sold only with an access code that names it (guests, press, staff).")
      .waitFor();
    await addForm.getByLabel("Name").fill("Press");
    await addForm.getByLabel("Price").fill("0");
    await addForm.getByLabel("Capacity").fill("0");
    await hidden.check();
    await addForm.getByRole("button", { name: "Add ticket type" }).click();
    await page.getByText("There must be at least 1 ticket.").waitFor();
    // Refused on another field: the box stays ticked.
    await expect(hidden.isChecked()).resolves.toBe(true);
    await addForm.getByLabel("Capacity").fill("20");
    await addForm.getByRole("button", { name: "Add ticket type" }).click();
    await page.getByText("Press added.").waitFor();
    const card = page.getByTestId("ticket-type");
    await card.getByTestId("ticket-type-hidden").waitFor();

    await page.reload();
    await waitForHydration(page);
    await card.getByText("Edit Press").click();
    const editHidden = card.getByRole("checkbox", { name: "Hidden" });
    await expect(editHidden.isChecked()).resolves.toBe(true);
    await editHidden.uncheck();
    await card.getByRole("button", { name: "Save ticket type" }).click();
    await page.getByText("Ticket type saved.").waitFor();
    await expect.poll(() => card.getByTestId("ticket-type-hidden").count()).toBe(0);
    await page.close();
  });

  it("sends a signed-in person without a business to the application form", async () => {
    const page = await newPage(browser);
    await signInAs(page, baseURL, { name: "Ola" });
    await page.goto(`${baseURL}/business/events/new`);
    await page.waitForURL(`${baseURL}/business/form`);
    await page.close();
  });
});
