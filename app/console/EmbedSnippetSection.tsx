import { Anchor, Code, Stack, Text, Title } from "@mantine/core";
import { CopyTextButton } from "#app/components/CopyTextButton.tsx";
import { embedPath, embedSnippets } from "#contract/embed.ts";

/**
 * "Sell on your website" (decision 040): the widget's two snippets to paste into the
 * organiser's own pages, each with Copy, and the widget itself to look at.
 */
export function EmbedSnippetSection({
  site,
  event,
}: {
  site: string;
  event: { shortId: string; title: string; status: string };
}) {
  const snippets = embedSnippets(site, event.shortId, event.title);
  const parts = [
    {
      id: "embed-script",
      heading: "Script (recommended)",
      hint: "Put it where the tickets should appear. The widget fits its height to what it shows and follows your page's light or dark colours.",
      code: snippets.script,
      label: "Copy the script snippet",
    },
    {
      id: "embed-iframe",
      heading: "Frame only",
      hint: "For a site that takes no scripts: a frame of fixed height that follows the visitor's light or dark setting.",
      code: snippets.iframe,
      label: "Copy the frame snippet",
    },
  ];
  return (
    <Stack gap="md">
      <Text size="sm">
        Show this event's tickets, with what is left, on your own website. Booking opens in a window
        of ours, where card payment works.
        {event.status === "draft" ? " The widget shows once the event is published." : ""}
      </Text>
      {parts.map((part) => (
        <Stack gap="xs" key={part.id} component="section" aria-labelledby={part.id}>
          <Title order={3} size="h5" id={part.id}>
            {part.heading}
          </Title>
          <Text size="sm" c="dimmed">
            {part.hint}
          </Text>
          <Code block style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
            {part.code}
          </Code>
          <CopyTextButton text={part.code} label={part.label} what="Snippet copied" />
        </Stack>
      ))}
      {event.status === "published" ? (
        <Anchor href={embedPath(event.shortId)} target="_blank" rel="noopener" size="sm">
          Open the widget on its own
        </Anchor>
      ) : null}
    </Stack>
  );
}
