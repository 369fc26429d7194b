import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { theme } from "#app/theme.ts";
import type { AnswerView } from "#contract/event-questions.ts";
import { AnswerList } from "./AnswerList.tsx";

function render(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replace(/ :/g, ":");

describe("the answers given at checkout", () => {
  it("says each answer as people read it: a ticked box as Yes", () => {
    const answers: AnswerView[] = [
      { label: "T-shirt size", kind: "choice", value: "M", ticketId: "k1" },
      { label: "I agree to the photo policy", kind: "checkbox", value: "yes", ticketId: null },
      { label: "Date of birth", kind: "date", value: "2015-04-01", ticketId: "k1" },
    ];
    const plain = text(render(<AnswerList answers={answers} label="Answers of Ada" />));
    expect(plain).toContain("T-shirt size: M");
    expect(plain).toContain("I agree to the photo policy: Yes");
    expect(plain).toContain("Date of birth: 2015-04-01");
  });

  it("shows nothing when nothing was asked", () => {
    expect(render(<AnswerList answers={[]} label="Answers of Ada" />)).not.toContain("<ul");
  });
});
