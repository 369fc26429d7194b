import { ButtonLink } from "#app/ui/Button.tsx";
import { Container, Stack } from "#app/ui/layout.tsx";
import { Text, Title } from "#app/ui/text.tsx";
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
        <ButtonLink to="/">Back to events</ButtonLink>
      </Stack>
    </Container>
  );
}
