import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { pageTitle } from "#contract/brand.ts";

/**
 * The seed spec's error page: a 404 shows the Page Not Found variant with
 * 'Page not found: {path}'; any other status the Internal Server Error variant.
 */
export function ErrorPage({ status, path }: { status: number; path: string }) {
  const notFound = status === 404;
  const title = notFound ? "Page Not Found" : "Internal Server Error";
  return (
    <Container size="sm" py="xl">
      <title>{pageTitle(title)}</title>
      <Stack align="center" gap="md" ta="center">
        <Text c="dimmed" fz={64} fw={800} aria-label={`Status ${status}`}>
          {status}
        </Text>
        <Title order={1}>{title}</Title>
        <Text>
          {notFound
            ? `Page not found: ${path}`
            : "Something went wrong on our side. Please try again in a moment."}
        </Text>
        <Button component={Link} to="/">
          Back to events
        </Button>
      </Stack>
    </Container>
  );
}
