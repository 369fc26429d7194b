import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { theme } from "#app/theme.ts";
import { NotificationList } from "./NotificationList.tsx";

function render(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe("the notification list", () => {
  it("shows each notification's time in the zone of its event", () => {
    const html = render(
      <NotificationList
        items={[
          {
            id: "n1",
            title: "Booking confirmed",
            createdAt: "2026-12-01T20:00:00.000Z",
            read: false,
            timeZone: "America/New_York",
          },
          {
            id: "n2",
            title: "You joined a team",
            createdAt: "2026-12-01T20:00:00.000Z",
            read: true,
            timeZone: null,
          },
        ]}
        currentId={null}
        timeZone="UTC"
      />,
    );
    expect(html).toMatch(/Booking confirmed.*15:00 GMT-5/s);
    expect(html).toMatch(/You joined a team.*20:00 UTC/s);
  });
});
