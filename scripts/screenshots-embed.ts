import { embedScriptPath } from "#contract/embed.ts";
import type { ScreenData } from "./screenshots-data.ts";
import type { Shot } from "./screenshots-pages.ts";

/**
 * An organiser's own page with the demo event's ticket widget (decision 040), put there
 * by our script as the console's snippet says; the page follows the scheme shot, and the
 * widget the page.
 */
export function embedShots({ event }: ScreenData): Shot[] {
  const hostPage = `<!doctype html><html lang="en"><head><title>The Demo Hall</title>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <style>
      body { margin: 0; padding: 16px; font-family: Georgia, serif; background: #fdf6e3; color: #333; }
      @media (prefers-color-scheme: dark) { body { background: #1b1c1f; color: #ddd; } }
    </style></head>
    <body><h1>The Demo Hall</h1><p>Tickets for our next night, straight from the box office:</p>
    <script src="${embedScriptPath}" data-event="${event.shortId}" async></script>
    <p>Doors open at 7pm.</p></body></html>`;
  return [
    {
      name: "embed_widget_on_a_host_page",
      // A page of ours to open first; the host page is then written over it.
      path: "/privacy_policy",
      as: "visitor",
      act: async (page) => {
        await page.setContent(hostPage);
        const frame = page.frameLocator("iframe");
        await frame.locator("main[data-hydrated]").waitFor();
        await frame
          .getByRole("link", { name: "Get tickets" })
          .or(frame.getByText("Sold out"))
          .first()
          .waitFor();
        // Fitted to its content by the script.
        await page.waitForFunction(() => {
          const iframe = document.querySelector("iframe");
          return iframe && iframe.getBoundingClientRect().height !== 520;
        });
      },
    },
  ];
}
