import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { theme } from "#app/theme.ts";
import type { EventQuestion, EventQuestionsView } from "#contract/event-questions.ts";
import { QuestionCard } from "./QuestionCard.tsx";
import { QuestionForm } from "./QuestionForm.tsx";
import { blankQuestion } from "./question-form-input.ts";

const size: EventQuestion = {
  id: "q1",
  position: 0,
  label: "T-shirt size",
  kind: "choice",
  options: ["S", "M", "L"],
  required: true,
  scope: "attendee",
  ticketTypeIds: ["t2"],
};

const event: EventQuestionsView = {
  eventId: "e1",
  shortId: "ABC123",
  title: "Science fair",
  ticketTypes: [
    { id: "t1", name: "Adult", hidden: false },
    { id: "t2", name: "Child", hidden: false },
    { id: "t3", name: "Volunteer", hidden: true },
  ],
  questions: [size],
};

function render(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const checked = (html: string, name: string, value: string) =>
  new RegExp(
    `name="${name}"[^>]*value="${value}"[^>]*checked|checked[^>]*name="${name}"[^>]*value="${value}"|name="${name}"[^>]*checked[^>]*value="${value}"`,
  ).test(html);

describe("the organiser's questions", () => {
  it("lists a question: its kind and options, required, who is asked, for which types", () => {
    const plain = text(render(<QuestionCard question={size} event={event} first last />));
    expect(plain).toContain("T-shirt size");
    // The types line says Child only (the edit form below offers every type).
    expect(plain).toContain("Choice: S, M, L · Required · For each attendee Child Edit");
    expect(plain).toContain("Remove");
  });

  it("offers to move up only when not first, down only when not last", () => {
    const middle = render(
      <QuestionCard question={size} event={event} first={false} last={false} />,
    );
    expect(middle).toContain('aria-label="Move &quot;T-shirt size&quot; up"');
    expect(middle).toContain('aria-label="Move &quot;T-shirt size&quot; down"');
    const top = render(<QuestionCard question={size} event={event} first last={false} />);
    expect(top).not.toContain("up&quot;");
    expect(top).toContain('value="down"');
  });

  it("edits it in place, in a form that starts from what is saved", () => {
    const html = render(<QuestionCard question={size} event={event} first last />);
    expect(html).toMatch(/name="id" value="q1"/);
    expect(html).toMatch(
      /name="label"[^>]*value="T-shirt size"|value="T-shirt size"[^>]*name="label"/,
    );
    expect(html).toContain("S\nM\nL</textarea>");
    expect(checked(html, "kind", "choice")).toBe(true);
    expect(checked(html, "scope", "attendee")).toBe(true);
    expect(checked(html, "ticketTypeIds", "t2")).toBe(true);
    expect(checked(html, "ticketTypeIds", "t1")).toBe(false);
    expect(html).toMatch(/name="required"[^>]*checked|checked[^>]*name="required"/);
  });

  it("adds a question with every kind and both scopes to choose, the hidden types marked", () => {
    const html = render(
      <QuestionForm
        start={blankQuestion}
        idPrefix="new"
        submitLabel="Add question"
        ticketTypes={event.ticketTypes}
      />,
    );
    for (const kind of ["text", "choice", "checkbox", "date"]) {
      expect(html).toMatch(new RegExp(`type="radio"[^>]*name="kind"[^>]*value="${kind}"`));
    }
    expect(text(html)).toContain("Once per order");
    expect(text(html)).toContain("For each attendee");
    expect(text(html)).toContain("Volunteer (hidden)");
    expect(checked(html, "kind", "text")).toBe(true);
    expect(html).not.toMatch(/name="id"/);
  });
});
