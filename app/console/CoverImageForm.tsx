import { Button, FileInput, Group, Image, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { coverImageRules } from "#contract/event-options.ts";

const tooLarge = "The image is larger than 5 MB.";

/**
 * The cover: its current large image, an upload (sent as multipart; the server checks
 * size and content and re-encodes it), and removal.
 */
export function CoverImageForm({
  cover,
  title,
}: {
  cover: { large: string } | null;
  title: string;
}) {
  const fetcher = useFetcher<IntentResult>();
  const remover = useFetcher<IntentResult>();
  const [file, setFile] = useState<File | null>(null);
  const result = fetcher.data;
  const failure = result && !result.ok ? result.failure : undefined;
  // The browser already knows the size: say so at once instead of uploading 10 MB first.
  const localError = file && file.size > coverImageRules.maxBytes ? tooLarge : undefined;
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) setFile(null);
  }, [fetcher.state, result]);
  return (
    <Stack gap="sm">
      {cover ? (
        <Image
          src={cover.large}
          alt={`Cover image of ${title}`}
          radius="md"
          maw={640}
          style={{ aspectRatio: "16 / 9" }}
        />
      ) : (
        <Text c="dimmed">No cover image yet. Events with one stand out in discovery.</Text>
      )}
      {result?.ok ? <FormMessage kind="notice">{result.notice}</FormMessage> : null}
      {remover.data?.ok ? <FormMessage kind="notice">{remover.data.notice}</FormMessage> : null}
      <fetcher.Form method="post" encType="multipart/form-data">
        <Stack gap="sm" maw="32rem">
          <input type="hidden" name="intent" value="cover" />
          <FileInput
            name="cover"
            label={cover ? "Replace the cover image" : "Cover image"}
            description="JPEG, PNG, WebP, GIF or AVIF, at most 5 MB. Shown at 16:9, cropped to fit."
            accept={coverImageRules.acceptedTypes.join(",")}
            placeholder="Choose an image"
            value={file}
            onChange={setFile}
            clearable
            error={
              localError ?? failure?.fieldErrors.cover ?? (failure ? failure.message : undefined)
            }
          />
          <Group>
            <Button
              type="submit"
              loading={fetcher.state !== "idle"}
              disabled={!file || !!localError}
            >
              Upload cover
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
      {cover ? (
        <remover.Form method="post">
          <input type="hidden" name="intent" value="remove-cover" />
          <Button type="submit" variant="subtle" color="red" loading={remover.state !== "idle"}>
            Remove the cover image
          </Button>
        </remover.Form>
      ) : null}
    </Stack>
  );
}
