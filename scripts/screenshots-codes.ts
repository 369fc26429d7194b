import type { Page } from "playwright-core";
import { codesPath, holdPath } from "#contract/paths.ts";
import { callFunction } from "#tests/e2e/session.ts";

/** One screen to photograph, as scripts/screenshots.ts takes it. */
export type CodeShot = {
  name: string;
  path: string;
  as: "user" | "owner" | "visitor";
  act?: (page: Page) => Promise<void>;
};

type MyEvents = {
  events: { id: string; shortId: string; title: string; status: string; ticketTypeCount: number }[];
};

/**
 * The demo's Family Science Fair has PRESS (its hidden press type) and EARLY20 (20 % off);
 * another published event of the owner has no code, for the empty page.
 */
export async function prepareCodes(baseURL: string, ownerId: string) {
  const { events } = await callFunction<MyEvents>(baseURL, "events.listMine", null, ownerId);
  const fair = events.find((e) => e.title === "Family Science Fair");
  if (!fair) throw new Error("the demo has no Family Science Fair");
  const codesOf = (eventId: string) =>
    callFunction<{ codes: unknown[] }>(baseURL, "codes.forEvent", { eventId }, ownerId);
  let empty: string | null = null;
  for (const event of events.filter((e) => e.status === "published" && e.id !== fair.id)) {
    if ((await codesOf(event.id)).codes.length === 0) {
      empty = event.id;
      break;
    }
  }
  if (!empty) throw new Error("every demo event has a code");
  return { fair, emptyEventId: empty };
}

/**
 * The codes' screens for `npm run screenshots`: the organiser's codes, full and empty; the
 * event page with EARLY20 and with PRESS applied; the hold made with EARLY20.
 */
export function codeShots({
  fair,
  emptyEventId,
}: Awaited<ReturnType<typeof prepareCodes>>): CodeShot[] {
  const applied = async (page: Page) => {
    await page.getByTestId("code-applied").waitFor();
  };
  return [
    { name: "business_codes", path: codesPath(fair.id), as: "owner" },
    { name: "business_codes_empty", path: codesPath(emptyEventId), as: "owner" },
    {
      name: "event_code_entry",
      path: `/${fair.shortId}`,
      as: "visitor",
      act: async (page) => {
        await page.getByText("Have a code?").click();
        await page.getByLabel("Promo or access code").fill("NOPE");
        await page.getByRole("button", { name: "Apply" }).click();
        await page.getByText("This code is not valid for this event.").waitFor();
      },
    },
    {
      name: "event_code_applied",
      path: `/${fair.shortId}?code=EARLY20`,
      as: "visitor",
      act: applied,
    },
    { name: "event_code_press", path: `/${fair.shortId}?code=PRESS`, as: "visitor", act: applied },
    {
      name: "booking_code_discount",
      path: `${holdPath(fair.shortId)}?code=EARLY20`,
      as: "user",
      act: async (page) => {
        // The hold of the first run stays for the later ones (10 minutes).
        const hold = page.getByRole("button", { name: "Hold tickets" });
        if (await hold.isVisible()) {
          await page.getByLabel("Adult", { exact: true }).selectOption("2");
          await hold.click();
        }
        await page.getByText("Code EARLY20").first().waitFor();
      },
    },
  ];
}
