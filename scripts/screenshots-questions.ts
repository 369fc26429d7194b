import type { Page } from "playwright-core";
import type { EventQuestionInput, EventQuestionsView } from "#contract/event-questions.ts";
import { holdPath, questionsPath } from "#contract/paths.ts";
import { callFunction } from "#tests/e2e/session.ts";

/** One screen to photograph, as scripts/screenshots.ts takes it. */
export type QuestionShot = {
  name: string;
  path: string;
  as: "user" | "owner";
  act?: (page: Page) => Promise<void>;
};

type MyEvents = { events: { id: string; shortId: string; title: string; status: string }[] };

/** What the Family Science Fair asks at checkout: each kind, per order and per attendee. */
const fairQuestions: EventQuestionInput[] = [
  {
    label: "T-shirt size",
    kind: "choice",
    options: ["Child S", "Child M", "Child L", "Adult S", "Adult M", "Adult L"],
    required: true,
    scope: "attendee",
    ticketTypeIds: [],
  },
  {
    label: "Dietary needs",
    kind: "text",
    options: [],
    required: false,
    scope: "attendee",
    ticketTypeIds: [],
  },
  {
    label: "Date of birth",
    kind: "date",
    options: [],
    required: false,
    scope: "attendee",
    ticketTypeIds: [],
  },
  {
    label: "I agree to the photo policy",
    kind: "checkbox",
    options: [],
    required: true,
    scope: "order",
    ticketTypeIds: [],
  },
];

/**
 * The demo's Family Science Fair asks `fairQuestions` (set through `questions.save`, once:
 * a second run finds them); another published event of the owner asks nothing, for the
 * empty page.
 */
export async function prepareQuestions(baseURL: string, ownerId: string) {
  const { events } = await callFunction<MyEvents>(baseURL, "events.listMine", null, ownerId);
  const fair = events.find((e) => e.title === "Family Science Fair");
  if (!fair) throw new Error("the demo has no Family Science Fair");
  const questionsOf = (eventId: string) =>
    callFunction<EventQuestionsView>(baseURL, "questions.forEvent", { eventId }, ownerId);
  if ((await questionsOf(fair.id)).questions.length === 0) {
    for (const question of fairQuestions) {
      await callFunction(baseURL, "questions.save", { eventId: fair.id, ...question }, ownerId);
    }
  }
  const empty = events.find((e) => e.status === "published" && e.id !== fair.id);
  if (!empty) throw new Error("the demo has one published event only");
  return { fair, emptyEventId: empty.id };
}

/** Holds two Adult tickets of the fair unless the user holds some already (10 minutes). */
async function holdTwo(page: Page) {
  const hold = page.getByRole("button", { name: "Hold tickets" });
  if (await hold.isVisible()) {
    await page.getByLabel("Adult", { exact: true }).selectOption("2");
    await hold.click();
  }
  await page.getByText("Who is coming").waitFor();
}

/**
 * Lets the codes' hold go, holds two Adult tickets without a code (EARLY20 allows two
 * orders a person, and each device and scheme books once), answers and books: the
 * booking page then shows the answers.
 */
async function bookAnswered(page: Page, holdUrl: string) {
  const release = page.getByRole("button", { name: "Release hold" });
  if (await release.isVisible()) {
    await release.click();
    await page.getByRole("button", { name: "Hold tickets" }).waitFor();
  }
  await page.goto(holdUrl);
  await holdTwo(page);
  await page.getByLabel(/^Ticket 1 .*attendee's name/).fill("Uma User");
  await page.getByLabel(/^Ticket 2 .*attendee's name/).fill("Theo User");
  await page.getByLabel("T-shirt size").nth(0).selectOption("Adult M");
  await page.getByLabel("T-shirt size").nth(1).selectOption("Child S");
  await page.getByLabel("Dietary needs").first().fill("No nuts");
  await page.getByLabel("I agree to the photo policy (required)").check();
  await page.getByRole("button", { name: /^(Confirm booking|Pay)/ }).click();
  await page.waitForURL(/\/booking_refrence\?reference=/);
  await page.getByRole("heading", { name: "Your answers" }).waitFor();
}

/**
 * The questions' screens for `npm run screenshots`: the organiser's questions, full and
 * empty; the booking page asking them, refusing a booking without the required ones, and
 * the booking made with the answers.
 * After the codes' shots: their hold (with EARLY20) is the one these show.
 */
export function questionShots({
  fair,
  emptyEventId,
}: Awaited<ReturnType<typeof prepareQuestions>>): QuestionShot[] {
  return [
    { name: "business_questions", path: questionsPath(fair.id), as: "owner" },
    { name: "business_questions_empty", path: questionsPath(emptyEventId), as: "owner" },
    { name: "booking_questions", path: holdPath(fair.shortId), as: "user", act: holdTwo },
    {
      name: "booking_questions_refused",
      path: holdPath(fair.shortId),
      as: "user",
      act: async (page) => {
        await holdTwo(page);
        await page.getByLabel(/^Ticket 1 .*attendee's name/).fill("Uma User");
        await page.getByLabel(/^Ticket 2 .*attendee's name/).fill("Theo User");
        await page.getByLabel("Dietary needs").first().fill("No nuts");
        await page.getByRole("button", { name: /^(Confirm booking|Pay)/ }).click();
        await page.getByText("Tick this box to go on.").waitFor();
      },
    },
    {
      name: "booking_answered",
      path: holdPath(fair.shortId),
      as: "user",
      act: (page) => bookAnswered(page, page.url()),
    },
  ];
}
