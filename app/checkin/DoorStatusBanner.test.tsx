import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { OfflineDoor } from "#app/door-offline/use-offline-door.ts";
import { theme } from "#app/theme.ts";
import { DoorStatusBanner } from "./DoorStatusBanner.tsx";

const unused = () => Promise.reject(new Error("not called"));
const door = (over: Partial<OfflineDoor>): OfflineDoor => ({
  connection: "online",
  queueLength: 0,
  lastSyncAt: null,
  syncing: false,
  searchable: false,
  check: unused,
  admit: unused,
  search: unused,
  conflicts: [],
  ...over,
});

const render = (d: OfflineDoor) =>
  renderToString(
    <MantineProvider theme={theme}>
      <DoorStatusBanner door={d} />
    </MantineProvider>,
  );

describe("the door status banner", () => {
  it("is a status region that says offline in words, with the queue and search", () => {
    const html = render(door({ connection: "offline", queueLength: 3 }));
    expect(html).toContain('role="status"');
    expect(html).toContain('data-connection="offline"');
    expect(html).toContain("Offline — checking on this device");
    expect(html).toContain("3 check-ins waiting to upload");
    expect(html).toContain("Search by name needs the network");
  });

  it("says online", () => {
    const html = render(door({ searchable: true }));
    expect(html).toContain(">Online<");
    expect(html).toContain("Search by name works offline");
  });
});
