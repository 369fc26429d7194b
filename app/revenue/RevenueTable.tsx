import { Table } from "@mantine/core";
import type { ReactNode } from "react";

type Column<T> = { header: string; cell: (row: T) => ReactNode; numeric?: boolean };

/**
 * A table of figures, first column the name. Wider than a 390 px phone, so it scrolls
 * sideways in a region that keyboards can reach (focusable, named by the caption).
 */
export function RevenueTable<T>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section aria-label={caption} tabIndex={0} style={{ overflowX: "auto" }}>
      <Table striped withTableBorder verticalSpacing="xs" fz="sm" miw={560}>
        <Table.Caption style={{ captionSide: "top", textAlign: "start" }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} ta={column.numeric ? "right" : "left"} scope="col">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <Table.Th key={column.header} scope="row" fw={500}>
                    {column.cell(row)}
                  </Table.Th>
                ) : (
                  <Table.Td
                    key={column.header}
                    ta={column.numeric ? "right" : "left"}
                    style={{ whiteSpace: "nowrap" }}
                  >
                    {column.cell(row)}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
