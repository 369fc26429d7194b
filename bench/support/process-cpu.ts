import { readdirSync, readFileSync } from "node:fs";

/** CPU milliseconds (user + system) used so far by a process and its children (Linux /proc). */
export function treeCpuMs(pid: number): number {
  const ticksPerSecond = 100;
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name (which may hold spaces) in parentheses.
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // The process ended meanwhile.
    }
  }
  let total = 0;
  const queue = [pid];
  while (queue.length) {
    const current = queue.pop() as number;
    total += stats.get(current)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === current) queue.push(child);
  }
  return (total * 1000) / ticksPerSecond;
}

/**
 * CPU milliseconds used so far by every process of this name (e.g. all of PostgreSQL's),
 * with what their ended children used (a closed connection's backend is counted in its
 * postmaster's `cutime` once it ends, so a before/after difference keeps it).
 */
export function commandCpuMs(name: string): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (text.slice(text.indexOf("(") + 1, text.lastIndexOf(")")) !== name) continue;
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks * 10;
}
