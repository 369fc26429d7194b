import { users } from "#server/platform/auth/users.schema.ts";
import type { Executor } from "#server/platform/db/database.ts";

const firstNames = [
  "Amara",
  "Bilal",
  "Chloe",
  "Dmitri",
  "Elena",
  "Farah",
  "Gareth",
  "Hana",
  "Ivan",
  "Jade",
  "Kofi",
  "Lena",
  "Mateo",
  "Nadia",
  "Oscar",
  "Priya",
  "Quinn",
  "Rosa",
  "Sami",
  "Tess",
  "Umar",
  "Vera",
  "Wyn",
  "Yusuf",
];
const surnames = [
  "Adeyemi",
  "Brennan",
  "Castro",
  "Dubois",
  "Evans",
  "Fischer",
  "Gupta",
  "Hughes",
  "Ito",
  "Jensen",
  "Kowalski",
  "Lopez",
  "Murphy",
  "Nguyen",
  "O'Neill",
  "Patel",
  "Rossi",
  "Silva",
  "Tanaka",
  "Walsh",
  "Young",
];

/** The n-th of 504 made-up names, spread so that neighbours share neither part. */
export function demoName(n: number): string {
  const first = firstNames[n % firstNames.length];
  const last = surnames[(n * 5 + Math.floor(n / firstNames.length)) % surnames.length];
  return `${first} ${last}`;
}

/** How many people book the demo's events (phones +61 491 570 013 onwards). */
export const demoGuestCount = 48;

export type DemoGuest = { id: string; name: string };

/** Notification settings of fictional people: the bell, no email, no SMS. */
export const appOnly = { notifyBy: { email: false, sms: false } };

/**
 * The people who bought the demo's tickets: verified phones in Australia's range for
 * fiction (like the other demo accounts), no email and no password: they never sign in,
 * they fill the door lists and the figures. Fiction is told in the app only: their
 * settings turn email and SMS off, so seeding queues no message to a made-up number.
 */
export async function insertDemoGuests(tx: Executor, now: Date): Promise<DemoGuest[]> {
  const rows = Array.from({ length: demoGuestCount }, (_, i) => ({
    name: demoName(i),
    phone: `+6149157${String(13 + i).padStart(4, "0")}`,
    phoneVerifiedAt: now,
    preferences: appOnly,
  }));
  const inserted = await tx
    .insert(users)
    .values(rows)
    .returning({ id: users.id, name: users.name });
  return inserted.map((row) => ({ id: row.id, name: row.name ?? "" }));
}
