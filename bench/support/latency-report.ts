/** Rates and latency percentiles of a run, printed as one line. */

/** One answer: how long it took, and "ok" or its error code. */
export type Sample = { ms: number; code: string };

/** The p-th percentile of ascending values (0 when there are none). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Successful holds per second and their latencies; `everyAnswer`: all answers, refusals too. */
export function report(
  title: string,
  samples: Sample[],
  elapsedMs: number,
  everyAnswer = false,
  unit = everyAnswer ? "answers" : "holds",
): number {
  const counted = everyAnswer ? samples : samples.filter((s) => s.code === "ok");
  const latencies = counted.map((s) => s.ms).sort((a, b) => a - b);
  const rate = counted.length / (elapsedMs / 1000);
  const codes = new Map<string, number>();
  for (const s of samples) if (s.code !== "ok") codes.set(s.code, (codes.get(s.code) ?? 0) + 1);
  const errors = codes.size ? [...codes].map(([code, n]) => `${code}×${n}`).join(" ") : "none";
  console.log(
    `${title.padEnd(28)} ${rate.toFixed(0).padStart(6)} ${unit}/s  ` +
      `p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${percentile(latencies, 95).toFixed(1)} ms  ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms  errors: ${errors}`,
  );
  return rate;
}
