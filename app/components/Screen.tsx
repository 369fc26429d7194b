import { Container, Title } from "@mantine/core";
import type { ReactNode } from "react";

export function Screen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Container size="md" py="md">
      <Title order={1}>{title}</Title>
      {children}
    </Container>
  );
}
