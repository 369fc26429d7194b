import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { RevenueDay } from "#contract/revenue-view.ts";
import { dayText, majorUnits, moneyText } from "./money-text.ts";

const axisTick = { fill: "var(--mantine-color-dimmed)", fontSize: 12 };

/**
 * Gross and refunds by day as bars, in one currency (as the team report's chart:
 * Recharts draws after hydration; the table by day carries the same figures for
 * everyone, screen readers included, so the drawing is hidden from them).
 */
export function RevenueChart({
  days,
  currency,
}: {
  days: readonly RevenueDay[];
  currency: string;
}) {
  const data = days.map((d) => ({
    label: dayText(d.day),
    gross: majorUnits(d.grossMinor, currency),
    refunds: majorUnits(d.refundsMinor, currency),
    grossMinor: d.grossMinor,
    refundsMinor: d.refundsMinor,
  }));
  return (
    <div aria-hidden="true" data-testid="revenue-chart" style={{ width: "100%", height: 240 }}>
      <BarChart
        responsive
        style={{ width: "100%", height: 240 }}
        data={data}
        margin={{ top: 8, right: 8, bottom: 0, left: -8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="var(--mantine-color-default-border)" />
        <XAxis dataKey="label" tick={axisTick} tickLine={false} minTickGap={12} />
        <YAxis tick={axisTick} tickLine={false} axisLine={false} />
        <Tooltip
          cursor={{ fill: "var(--mantine-color-default-hover)" }}
          contentStyle={{
            background: "var(--mantine-color-body)",
            border: "1px solid var(--mantine-color-default-border)",
            color: "var(--mantine-color-text)",
          }}
          formatter={(_value, name, item) => {
            const minor = name === "Refunds" ? item.payload.refundsMinor : item.payload.grossMinor;
            return [moneyText(minor, currency), name];
          }}
        />
        <Legend wrapperStyle={{ fontSize: 12, color: "var(--mantine-color-text)" }} />
        <Bar
          name="Gross"
          dataKey="gross"
          fill="var(--mantine-color-blue-filled)"
          radius={[3, 3, 0, 0]}
          maxBarSize={32}
          isAnimationActive={false}
        />
        <Bar
          name="Refunds"
          dataKey="refunds"
          fill="var(--mantine-color-orange-filled)"
          radius={[3, 3, 0, 0]}
          maxBarSize={32}
          isAnimationActive={false}
        />
      </BarChart>
    </div>
  );
}
