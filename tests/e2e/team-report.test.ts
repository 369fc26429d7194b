import { parse } from "csv-parse/sync";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { callFunction, signInAs, signInAsOwner } from "./session.ts";
import { ticketHelpers } from "./ticket-helpers.ts";

const baseURL = inject("baseURL");
const helpers = ticketHelpers(baseURL);
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The JavaScript files a page load fetched, with their text. */
async function scriptsOf(page: Page, url: string): Promise<string[]> {
  const bodies: Promise<string>[] = [];
  const listener = (response: { url(): string; text(): Promise<string> }) => {
    // A script the previous page was still fetching may answer after this navigation began;
    // its body is gone with that page (the page's own are all read before the next one).
    if (response.url().endsWith(".js")) bodies.push(response.text().catch(() => ""));
  };
  page.on("response", listener);
  await page.goto(url);
  await waitForHydration(page);
  page.off("response", listener);
  return Promise.all(bodies);
}

/**
 * An event with a team (a coordinator signed in on a phone, staff), three tickets, one
 * scanned at the gate and one admitted by hand at the desk.
 */
async function reportFixture() {
  const event = await helpers.freeEvent();
  const as = <T>(name: string, data: unknown, userId = event.organiserId) =>
    callFunction<T>(baseURL, name, data, userId);
  const coordinatorPage = await newPage(browser, { mobile: true });
  const staffPage = await newPage(browser, { mobile: true });
  const coordinatorPhone = helpers.ukMobile();
  const staffPhone = helpers.ukMobile();
  await signInAs(coordinatorPage, baseURL, { name: "Cora Coordinator", phone: coordinatorPhone });
  const staff = await signInAs(staffPage, baseURL, { name: "Stan Staff", phone: staffPhone });
  const { teamId } = await as<{ teamId: string }>("teams.create", { name: "Front door" });
  await as("teams.addMember", { teamId, phone: coordinatorPhone, role: "coordinator" });
  await as("teams.addMember", { teamId, phone: staffPhone, role: "staff" });
  await as("teams.assignEvents", { teamId, eventIds: [event.eventId] });
  const holder = await callFunction<{ userId: string }>(baseURL, "test.signInAs", {
    name: "Harriet Holder",
    phone: helpers.ukMobile(),
  });
  await helpers.book(holder.userId, event, 3);
  const wallet = await as<{ tickets: { id: string; manualCode: string }[] }>(
    "tickets.forEvent",
    { eventId: event.eventId },
    holder.userId,
  );
  const [first, second, third] = wallet.tickets;
  if (!first || !second || !third) throw new Error("no tickets");
  const door = { eventId: event.eventId, scanId: crypto.randomUUID() };
  await as("checkin.scan", { ...door, code: first.manualCode, deviceId: "gate-1" }, staff.userId);
  await as(
    "checkin.admit",
    { ...door, scanId: crypto.randomUUID(), ticketId: second.id },
    staff.userId,
  );
  const admitThird = () =>
    as(
      "checkin.admit",
      { ...door, scanId: crypto.randomUUID(), ticketId: third.id, deviceId: "gate-2" },
      staff.userId,
    );
  return { ...event, teamId, coordinatorPage, staffPage, admitThird };
}

describe("the team report in the browser", () => {
  it("shows a coordinator the figures, the chart and the tables, passes axe, and downloads the CSV", async () => {
    const f = await reportFixture();
    const page = f.coordinatorPage;
    await page.goto(`${baseURL}/team_coordinator/team_list`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Report for Front door" }).click();
    await page.waitForURL(`${baseURL}/team_coordinator/report/${f.teamId}`);
    const report = page.getByRole("region", { name: "Night of Scanners" });
    await expect.poll(() => report.getByTestId("report-sold").textContent()).toBe("3");
    expect(await report.getByTestId("report-in").textContent()).toBe("2");
    expect(await report.getByTestId("report-not-yet-in").textContent()).toBe("1");
    // Recharts draws after hydration: one bar (both check-ins fall in the same quarter
    // hour, or two bars when the quarter turned between them).
    await expect
      .poll(() => report.locator("[data-testid=check-in-chart] .recharts-bar-rectangle").count())
      .toBeGreaterThan(0);
    const byType = report.getByRole("table", { name: /by type/ });
    expect(await byType.getByRole("row", { name: /Standing/ }).textContent()).toBe("Standing321");
    const byStaff = report.getByRole("table", { name: /by staff member/ });
    expect(await byStaff.getByRole("row", { name: /Stan Staff/ }).textContent()).toBe(
      "Stan Staff211",
    );

    // Another device admits the last guest: the report follows without a reload.
    await f.admitThird();
    await expect
      .poll(() => report.getByTestId("report-in").textContent(), { timeout: 5000 })
      .toBe("3");
    expect(await report.getByTestId("report-not-yet-in").textContent()).toBe("0");
    expect(await byType.getByRole("row", { name: /Standing/ }).textContent()).toBe("Standing330");
    expect(await byStaff.getByRole("row", { name: /Stan Staff/ }).textContent()).toBe(
      "Stan Staff312",
    );

    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(50);
      expect({ scheme, violations: await seriousViolations(page) }).toEqual({
        scheme,
        violations: [],
      });
      await page.screenshot({ path: `/tmp/team-report-${scheme}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: "light" });

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^check-ins-front-door-\d{4}-\d{2}-\d{2}\.csv$/);
    const response = await page.request.get(
      `${baseURL}/team_coordinator/report/${f.teamId}/check-ins.csv`,
    );
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="/);
    const rows: Record<string, string>[] = parse(await response.text(), {
      bom: true,
      columns: true,
    });
    expect(rows.map((r) => [r.Holder, r.Staff, r.Device, r.Kind, r.Undone])).toEqual([
      ["Guest 1", "Stan Staff", "gate-1", "scan", "no"],
      ["Guest 2", "Stan Staff", "desk", "manual", "no"],
      ["Guest 3", "Stan Staff", "gate-2", "manual", "no"],
    ]);
  });

  it("is the 404 page for the team's staff and a plain user, and sends a visitor to sign in", async () => {
    const f = await reportFixture();
    const plain = await newPage(browser);
    await signInAs(plain, baseURL, { name: "Pia Plain", phone: helpers.ukMobile() });
    for (const path of [
      `/team_coordinator/report/${f.teamId}`,
      `/team_coordinator/report/${f.teamId}/check-ins.csv`,
    ]) {
      for (const page of [f.staffPage, plain]) {
        expect((await page.goto(`${baseURL}${path}`))?.status(), path).toBe(404);
      }
    }
    const visitor = await newPage(browser);
    await visitor.goto(`${baseURL}/team_coordinator/report/${f.teamId}`);
    expect(new URL(visitor.url()).pathname).toBe("/login");
  });

  it("tells the owner of a team with no events how to fill the report, from the console", async () => {
    const page = await newPage(browser, { mobile: true });
    const ownerId = await signInAsOwner(page, baseURL, "Ena Empty");
    const { teamId } = await callFunction<{ teamId: string }>(
      baseURL,
      "teams.create",
      { name: "Back door" },
      ownerId,
    );
    await page.goto(`${baseURL}/business/teams/${teamId}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Report for Back door" }).click();
    await page.getByRole("heading", { name: "No events for this team yet" }).waitFor();
    expect(await page.getByRole("link", { name: "Download CSV" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Assign events to the team" }).count()).toBe(1);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(50);
      expect({ scheme, violations: await seriousViolations(page) }).toEqual({
        scheme,
        violations: [],
      });
    }
  });

  it("loads the charting library on the report only", async () => {
    const f = await reportFixture();
    const page = f.coordinatorPage;
    const chart = (scripts: string[]) => scripts.some((s) => s.includes("recharts-wrapper"));
    expect(chart(await scriptsOf(page, `${baseURL}/team_coordinator/team_list`))).toBe(false);
    expect(chart(await scriptsOf(page, `${baseURL}/`))).toBe(false);
    expect(chart(await scriptsOf(page, `${baseURL}/team_coordinator/report/${f.teamId}`))).toBe(
      true,
    );
  });
});
