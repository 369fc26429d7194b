import { Group } from "#app/ui/layout.tsx";
import { AnchorLink, Text } from "#app/ui/text.tsx";

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
        <AnchorLink to={hrefFor(page - 1)} rel="prev">
          Previous page
        </AnchorLink>
      ) : null}
      <Text size="sm" aria-current="page">
        Page {page} of {pageCount}
      </Text>
      {page < pageCount ? (
        <AnchorLink to={hrefFor(page + 1)} rel="next">
          Next page
        </AnchorLink>
      ) : null}
    </Group>
  );
}
