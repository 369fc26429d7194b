import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { theme } from "#app/theme.ts";
import { codeLines, LineItems } from "./LineItems.tsx";

const standard = {
  ticketTypeId: "t1",
  name: "Standard",
  quantity: 2,
  unitPriceMinor: 2000,
  discountMinor: 500,
  currency: "EUR",
};
const items = [standard];

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("a hold's or a booking's lines with a code", () => {
  it("shows the tickets before the code, then the code's line taken off, then the total", () => {
    const html = renderToString(
      <MantineProvider theme={theme}>
        <LineItems
          items={items}
          extras={codeLines("EARLY20", items)}
          totalMinor={4000}
          currency="EUR"
        />
      </MantineProvider>,
    );
    expect(text(html)).toMatch(/2 × Standard €50\.00 Code EARLY20 -€10\.00 Total €40\.00/);
    expect(html).toContain('data-line="discount"');
  });

  it("adds no code line without a code or without a discount", () => {
    expect(codeLines(null, items)).toEqual([]);
    expect(codeLines("PRESS", [{ quantity: 1, discountMinor: 0 }])).toEqual([]);
  });

  it("still shows what a code took when it made the order free", () => {
    const free = [{ ...standard, unitPriceMinor: 0, discountMinor: 2500 }];
    const html = renderToString(
      <MantineProvider theme={theme}>
        <LineItems items={free} extras={codeLines("FREE", free)} totalMinor={0} currency={null} />
      </MantineProvider>,
    );
    expect(text(html)).toMatch(/Code FREE -€50\.00 Total Free/);
  });
});
