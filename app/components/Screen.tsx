import type { ReactNode } from "react";
import { Container, Stack } from "#app/ui/layout.tsx";
import { Text, Title } from "#app/ui/text.tsx";

/** One screen's frame: its title (the page's only h1), what it is for, then its content. */
export function Screen({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Container size="md" py="responsive">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{title}</Title>
          {intro ? (
            <Text size="lg" c="dimmed" maw="42rem">
              {intro}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
