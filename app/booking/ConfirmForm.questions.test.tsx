import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { FormFailure } from "#app/forms/form-failure.ts";
import { theme } from "#app/theme.ts";
import type { EventQuestion, HoldQuestions } from "#contract/event-questions.ts";
import type { HoldView } from "#contract/hold-view.ts";
import { ConfirmForm } from "./ConfirmForm.tsx";

const hold: HoldView = {
  id: "00000000-0000-4000-8000-000000000001",
  eventId: "e1",
  status: "active",
  live: true,
  expiresAt: "2026-12-01T18:42:00.000Z",
  items: [
    {
      ticketTypeId: "t1",
      name: "Child",
      quantity: 2,
      unitPriceMinor: 0,
      discountMinor: 0,
      currency: "EUR",
    },
  ],
  ticketCount: 2,
  totalMinor: 0,
  code: null,
  discountMinor: 0,
  currency: null,
};

const question = (id: string, rest: Partial<EventQuestion>): EventQuestion => ({
  id,
  position: 0,
  label: id,
  kind: "text",
  options: [],
  required: false,
  scope: "attendee",
  ticketTypeIds: [],
  ...rest,
});

const size = question("q-size", {
  label: "T-shirt size",
  kind: "choice",
  options: ["S", "M", "L"],
  required: true,
});
const birthday = question("q-born", { label: "Date of birth", kind: "date" });
const photo = question("q-photo", {
  label: "I agree to the photo policy",
  kind: "checkbox",
  required: true,
  scope: "order",
});
const questions: HoldQuestions = { order: [photo], attendees: [[size, birthday], [size]] };

function render(failure?: FormFailure): string {
  const element = (
    <ConfirmForm
      hold={hold}
      quote={null}
      questions={questions}
      userName="Ada"
      accountEmail={null}
      failure={failure}
      pending={false}
    />
  );
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the attendees form's questions", () => {
  it("asks each attendee's questions under their name and the order's once before the email", () => {
    const html = render();
    const plain = text(html);
    const first = plain.indexOf("Ticket 1 (Child)");
    const second = plain.indexOf("Ticket 2 (Child)");
    expect(plain.indexOf("T-shirt size")).toBeGreaterThan(first);
    expect(plain.indexOf("T-shirt size")).toBeLessThan(second);
    expect(plain.lastIndexOf("T-shirt size")).toBeGreaterThan(second);
    expect(plain.match(/Date of birth/g)).toHaveLength(1);
    expect(plain.indexOf("Questions")).toBeGreaterThan(second);
    expect(plain.indexOf("I agree to the photo policy")).toBeLessThan(
      plain.indexOf("Email for the confirmation"),
    );
    for (const option of ["S", "M", "L"]) {
      expect(html).toContain(`name="attendees.1.answers.q-size" value="${option}"`);
    }
    expect(html).toMatch(
      /type="date"[^>]*name="attendees.0.answers.q-born"|name="attendees.0.answers.q-born"[^>]*type="date"/,
    );
    expect(html).toMatch(
      /type="checkbox"[^>]*name="answers.q-photo"|name="answers.q-photo"[^>]*type="checkbox"/,
    );
    expect(html).not.toContain('name="attendees.1.answers.q-born"');
  });

  it("shows the server's errors on their fields, with what was typed kept", () => {
    const html = render({
      message: "Check the answers.",
      status: "INVALID_ARGUMENT",
      fieldErrors: {
        "attendees.1.answers.q-size": "Answer this question.",
        "answers.q-photo": "Tick this box to go on.",
      },
      values: {
        "attendee.0": "Ada",
        "attendee.1": "Grace",
        "attendees.0.answers.q-size": "M",
        "attendees.0.answers.q-born": "2015-04-01",
      },
    });
    expect(text(html)).toContain("Answer this question.");
    expect(text(html)).toContain("Tick this box to go on.");
    expect(html).toMatch(/value="M"[^>]*checked|checked[^>]*value="M"/);
    expect(html).toContain('value="2015-04-01"');
    expect(html).toContain('aria-describedby="answers.q-photo-error"');
  });
});
