import type { LoadResult } from "./load.ts";

/** Issue 28's target: signed-in people served at half the visitors' rate or better, p99 ≤ 100 ms. */
export const rushTarget = { minRatio: 0.5, maxSignedInP99Ms: 100 };

export type RushRow = { page: string; visitors: LoadResult; signedIn: LoadResult };

/** One line per page: visitors against signed-in people, their ratio and the target. */
export function printRushSummary(rows: RushRow[]): void {
  const columns = [
    ["page", 34],
    ["visitors req/s", 15],
    ["p99", 8],
    ["signed-in req/s", 16],
    ["p99", 8],
    ["ratio", 7],
  ] as const;
  console.log(
    `${columns.map(([title, width]) => title.padEnd(width)).join("")}target (ratio >= ${rushTarget.minRatio}, signed-in p99 <= ${rushTarget.maxSignedInP99Ms} ms)`,
  );
  for (const { page, visitors, signedIn } of rows) {
    const ratio = signedIn.rps / (visitors.rps || 1);
    const met = ratio >= rushTarget.minRatio && signedIn.p99 <= rushTarget.maxSignedInP99Ms;
    const cells = [
      page,
      visitors.rps.toFixed(0),
      `${visitors.p99} ms`,
      signedIn.rps.toFixed(0),
      `${signedIn.p99} ms`,
      ratio.toFixed(2),
    ];
    console.log(
      `${cells.map((cell, i) => cell.padEnd(columns[i]?.[1] ?? 0)).join("")}${met ? "met" : "NOT met"}`,
    );
  }
}
