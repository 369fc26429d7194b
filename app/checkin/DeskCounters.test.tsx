import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { theme } from "#app/theme.ts";
import { DeskCounters } from "./DeskCounters.tsx";

const stats = {
  in: 4,
  total: 10,
  byType: [{ ticketTypeId: "a", name: "Standing", in: 4, total: 10 }],
};
const render = (queued?: number) =>
  renderToString(
    <MantineProvider theme={theme}>
      <DeskCounters stats={stats} queued={queued} />
    </MantineProvider>,
  );
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("the desk's counters", () => {
  it("show the server's figures online, unmarked", () => {
    const text = textOf(render());
    expect(text).toContain("4 in of 10 (40%)");
    expect(text).not.toContain("Offline");
  });

  it("offline, add this device's queued admissions and say so in words", () => {
    const text = textOf(render(2));
    expect(text).toContain("6 in of 10 (60%)");
    expect(text).toContain("Offline");
    expect(text).toContain("plus 2 checked in on this device");
  });
});
