import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { theme } from "#app/theme.ts";
import type { ApiKeyView } from "#contract/api-keys.ts";
import { ApiKeyCard } from "./ApiKeyCard.tsx";
import { CreatedKeyPanel } from "./CreatedKeyPanel.tsx";
import { NewApiKeyForm } from "./NewApiKeyForm.tsx";

const now = "2026-11-27T12:00:00.000Z";
const key: ApiKeyView = {
  id: "k1",
  name: "Door app",
  scopes: ["events:read", "checkin"],
  start: "tk_live_AbCd",
  createdAt: "2026-11-02T10:00:00.000Z",
  lastUsedAt: "2026-11-27T11:55:00.000Z",
  revokedAt: null,
};

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
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("the console's API keys", () => {
  it("shows a key: its name, scopes as labels, start, when made and last used, and Revoke", () => {
    const page = text(render(<ApiKeyCard apiKey={key} now={now} />));
    expect(page).toContain("Door app");
    expect(page).toContain("Read events");
    expect(page).toContain("Check in");
    expect(page).not.toContain("Write events");
    expect(page).toContain("tk_live_AbCd…");
    expect(page).toContain("Created 2 Nov 2026 · Used 5 min ago");
    expect(page).toContain("Revoke Door app");
    expect(page).not.toContain("Revoked");
  });

  it("marks a revoked key, with no Revoke button, and a key never used", () => {
    const page = text(
      render(
        <ApiKeyCard
          apiKey={{ ...key, lastUsedAt: null, revokedAt: "2026-11-20T08:00:00.000Z" }}
          now={now}
        />,
      ),
    );
    expect(page).toContain("Revoked 20 Nov 2026");
    expect(page).toContain("Never used");
    expect(page).not.toContain("Revoke Door app");
  });

  it("offers every scope as a checkbox with its hint", () => {
    const html = render(<NewApiKeyForm full={false} />);
    for (const scope of ["events:read", "events:write", "orders:read", "checkin"]) {
      expect(html).toMatch(
        new RegExp(`name="scopes"[^>]*value="${scope}"|value="${scope}"[^>]*name="scopes"`),
      );
    }
    const page = text(html);
    expect(page).toContain("Write events");
    expect(page).toContain("Check tickets in at the door, search them and read the door's counts.");
    expect(html).toMatch(/name="name"/);
    expect(page).toContain("Make key");
    expect(page).not.toContain("as many active keys");
    expect(text(render(<NewApiKeyForm full={true} />))).toContain("as many active keys");
  });

  it("shows a made key whole, once, with Copy and the warning", () => {
    const secret = "tk_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdefg";
    const page = text(render(<CreatedKeyPanel created={{ key, secret }} />));
    expect(page).toContain(secret);
    expect(page).toContain("Copy");
    expect(page).toContain("it will not be shown again");
  });
});
