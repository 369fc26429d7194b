import { Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

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
    <Container size="md" py={{ base: "lg", sm: "xl" }}>
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
