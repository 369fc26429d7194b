import { Table, Text } from "@mantine/core";
import type { ReactNode } from "react";

type Column<T> = { header: string; cell: (row: T) => ReactNode; numeric?: boolean };

/** A small table of figures, first column the name, readable on a 390 px phone. */
export function FigureTable<T>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
}) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped withTableBorder verticalSpacing="xs" fz="sm">
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
          {rows.map((row, rowIndex) => (
            <Table.Tr key={rowKey(row, rowIndex)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <Table.Th key={column.header} scope="row" fw={500}>
                    {column.cell(row)}
                  </Table.Th>
                ) : (
                  <Table.Td key={column.header} ta={column.numeric ? "right" : "left"}>
                    {column.cell(row)}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** When nothing fills a table yet. */
export function EmptyFigures({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm">
      {children}
    </Text>
  );
}
