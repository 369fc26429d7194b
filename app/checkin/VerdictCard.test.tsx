import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { theme } from "#app/theme.ts";
import type { DoorVerdict } from "#contract/door-verdict.ts";
import { VerdictCard } from "./VerdictCard.tsx";

const render = (verdict: DoorVerdict) =>
  renderToString(
    <MantineProvider theme={theme}>
      <VerdictCard verdict={verdict} />
    </MantineProvider>,
  );

const admitted: DoorVerdict = {
  verdict: "admitted",
  message: "Admitted.",
  ticket: { id: "t1", attendeeName: "Nora Walker", ticketTypeName: "Standing" },
  event: { id: "e1", title: "Night of Tests" },
  checkIn: {
    id: "c1",
    at: "2026-07-10T19:32:00.000Z",
    time: "20:32",
    staffName: "Stan Staff",
    deviceId: "typed",
  },
};

/** The card's text, tags dropped, one space between blocks. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

describe("the door's verdict card", () => {
  it("says 'Admitted' once, not as heading and again as the message", () => {
    const text = textOf(render(admitted));
    expect(text.match(/Admitted/g)).toHaveLength(1);
    expect(text).toContain("Nora Walker · Standing");
  });

  it("keeps a message that says more than the heading", () => {
    const text = textOf(
      render({
        ...admitted,
        verdict: "already-checked-in",
        message: "Already checked in at 20:32 by Stan Staff (typed).",
      }),
    );
    expect(text).toContain("Already checked in Already checked in at 20:32 by Stan Staff");
  });
});

describe("the verdict's marks", () => {
  const renderMarked = (marks: { offline?: boolean; repeat?: boolean }) =>
    renderToString(
      <MantineProvider theme={theme}>
        <VerdictCard verdict={admitted} {...marks} />
      </MantineProvider>,
    );

  it("says 'Offline' in words on a verdict decided on this device, with its colour kept", () => {
    const html = renderMarked({ offline: true });
    expect(textOf(html)).toContain("Offline · checked on this device");
    expect(html).toContain('data-offline="true"');
    expect(html).toContain("background-color:#1b5e20");
    expect(textOf(html)).not.toContain("Repeat scan");
  });

  it("says 'Repeat scan' on the first verdict shown again", () => {
    const html = renderMarked({ repeat: true });
    expect(textOf(html)).toContain("Repeat scan · first verdict");
    expect(textOf(html)).not.toContain("Offline");
  });

  it("has no mark online on a fresh verdict", () => {
    const text = textOf(renderMarked({}));
    expect(text).not.toContain("Offline");
    expect(text).not.toContain("Repeat scan");
  });
});
