import { Anchor, Group, Text } from "@mantine/core";
import { Link } from "react-router";

/** "Previous page · Page 2 of 5 · Next page" under a paged list; nothing for one page. */
export function PageLinks({
  page,
  pageCount,
  hrefFor,
  label,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  /** The navigation landmark's name, e.g. "Pages of results". */
  label: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="center" gap="md">
      {page > 1 ? (
        <Anchor component={Link} to={hrefFor(page - 1)} rel="prev">
          Previous page
        </Anchor>
      ) : null}
      <Text size="sm" aria-current="page">
        Page {page} of {pageCount}
      </Text>
      {page < pageCount ? (
        <Anchor component={Link} to={hrefFor(page + 1)} rel="next">
          Next page
        </Anchor>
      ) : null}
    </Group>
  );
}
