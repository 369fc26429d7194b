import { Fragment } from "react";
import { Stack } from "#app/ui/layout.tsx";
import { Anchor, List, Text } from "#app/ui/text.tsx";
import { type Inline, parseDescription } from "#contract/description-markup.ts";

function InlineParts({ parts }: { parts: Inline[] }) {
  return parts.map((part, i) => {
    const key = `${i}-${part.kind}`;
    switch (part.kind) {
      case "bold":
        return <strong key={key}>{part.text}</strong>;
      case "italic":
        return <em key={key}>{part.text}</em>;
      case "link":
        return (
          <Anchor key={key} href={part.href} rel="noopener noreferrer nofollow" target="_blank">
            {part.href}
          </Anchor>
        );
      default:
        return <Fragment key={key}>{part.text}</Fragment>;
    }
  });
}

/**
 * An event's description with its small markup (contract/description-markup.ts), as React
 * elements only: whatever an organiser types, no HTML of theirs reaches the page.
 */
export function EventDescription({ text }: { text: string }) {
  const blocks = parseDescription(text);
  if (blocks.length === 0) return null;
  return (
    <Stack gap="sm">
      {blocks.map((block, i) =>
        block.kind === "list" ? (
          <List
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their place
            key={i}
            items={block.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <InlineParts key={j} parts={item} />
            ))}
          />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Text key={i}>
            {block.lines.map((line, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <Fragment key={j}>
                {j > 0 ? <br /> : null}
                <InlineParts parts={line} />
              </Fragment>
            ))}
          </Text>
        ),
      )}
    </Stack>
  );
}
