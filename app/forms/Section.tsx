import { Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** One titled part of a screen with several forms, labelled by its heading. */
export function Section({
  id,
  heading,
  children,
}: {
  id: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {heading}
      </Title>
      {children}
    </Stack>
  );
}
