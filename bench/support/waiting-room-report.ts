import { percentile } from "./latency-report.ts";
import type { Outcome, Person } from "./waiting-room-person.ts";

const ms = (value: number) =>
  value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(0)} ms`;

/** "p50 … p99 … max …" of some durations (ms). */
export function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return "none";
  return `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? 0)} (${sorted.length})`;
}

function countBy(values: (string | null)[]): string {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts.size ? [...counts].map(([code, n]) => `${code}×${n}`).join(" ") : "none";
}

/**
 * Join latency (challenge + proof of work + join), overall, per instance, before and
 * after the sale start, the challenge alone; and refusals.
 */
export function printJoins(
  people: Person[],
  outcomes: Outcome[],
  instances: number,
  saleStartsAt: number,
): void {
  const joined = (which: (person: Person) => boolean) =>
    outcomes.flatMap((o, k) => {
      const person = people[k];
      return o.joinMs !== null && person && which(person) ? [o.joinMs] : [];
    });
  console.log(`join (challenge + proof + join)   ${spread(joined(() => true))}`);
  for (let i = 0; i < instances; i++)
    console.log(
      `  on instance ${i + 1}                    ${spread(joined((p) => p.instance === i))}`,
    );
  console.log(
    `  arriving before the start       ${spread(joined((p) => p.arriveAt < saleStartsAt))}`,
  );
  console.log(
    `  arriving after the start        ${spread(joined((p) => p.arriveAt >= saleStartsAt))}`,
  );
  console.log(
    `  the challenge alone             ${spread(outcomes.flatMap((o) => (o.challengeMs === null ? [] : [o.challengeMs])))}`,
  );
  console.log(`  refused or failed: ${countBy(outcomes.map((o) => o.joinError))}`);
}

/**
 * Time until each person is told, from their join or the sale start (whichever is
 * later): admitted and sold out apart; anyone never told is a failure.
 */
export function printTold(outcomes: Outcome[], saleStartsAt: number): number {
  const wait = (told: Outcome["told"]) =>
    outcomes
      .filter((o) => o.told === told)
      .map((o) => o.toldAt - Math.max(o.joinedAt, saleStartsAt));
  const placed = outcomes.filter((o) => o.place !== null);
  console.log(
    `place learned (from join or start) ${spread(placed.map((o) => o.placeAt - Math.max(o.joinedAt, saleStartsAt)))}`,
  );
  console.log(`told admitted (from join or start) ${spread(wait("admitted"))}`);
  console.log(`told sold out (from join or start) ${spread(wait("sold-out"))}`);
  const joined = outcomes.filter((o) => o.joinMs !== null);
  const never = joined.filter((o) => o.told === null).length;
  console.log(
    `joined ${joined.length}: admitted ${wait("admitted").length}, told sold out ${wait("sold-out").length}, never told ${never}${never ? "  <- FAIL" : ""}`,
  );
  return never;
}

/** What the admitted did: tickets bought, no-shows, refusals. */
export function printPurchases(people: Person[], outcomes: Outcome[]): void {
  const admitted = outcomes.flatMap((o, k) => (o.told === "admitted" ? [k] : []));
  const showed = admitted.filter((k) => people[k]?.shows);
  const tickets = outcomes.reduce((sum, o) => sum + o.tickets, 0);
  const orders = outcomes.filter((o) => o.tickets > 0).length;
  console.log(
    `admitted ${admitted.length}: ${showed.length} showed (${orders} orders, ${tickets} tickets), ${admitted.length - showed.length} no-shows; refused: ${countBy(outcomes.map((o) => o.buyError))}`,
  );
}
