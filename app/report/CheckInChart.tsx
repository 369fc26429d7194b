import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";

type Bucket = { start: string; label: string; count: number };

const axisTick = { fill: "var(--mantine-color-dimmed)", fontSize: 12 };

/**
 * Check-ins over time as bars (decision 022: Recharts, imported by the report's route
 * only). Recharts draws after hydration: the server sends an empty box of the same
 * height, and the table beside it (CheckInTimeTable) carries the figures for everyone,
 * screen readers included, so the drawing itself is hidden from them.
 */
export function CheckInChart({
  buckets,
  minutes,
}: {
  buckets: readonly Bucket[];
  minutes: number;
}) {
  return (
    <div aria-hidden="true" data-testid="check-in-chart" style={{ width: "100%", height: 220 }}>
      <BarChart
        responsive
        style={{ width: "100%", height: 220 }}
        data={[...buckets]}
        margin={{ top: 8, right: 8, bottom: 0, left: -24 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="var(--mantine-color-default-border)" />
        <XAxis dataKey="label" tick={axisTick} tickLine={false} minTickGap={12} />
        <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} />
        <Tooltip
          cursor={{ fill: "var(--mantine-color-default-hover)" }}
          contentStyle={{
            background: "var(--mantine-color-body)",
            border: "1px solid var(--mantine-color-default-border)",
            color: "var(--mantine-color-text)",
          }}
          formatter={(value) => [value, `Check-ins (${minutes} min)`]}
        />
        <Bar
          dataKey="count"
          fill="var(--mantine-color-green-filled)"
          radius={[3, 3, 0, 0]}
          maxBarSize={40}
          isAnimationActive={false}
        />
      </BarChart>
    </div>
  );
}
