import { browserUA } from "./load.ts";

type Person = { name: string | null; cookie: string };

/**
 * Opens `url` as a few of `people` one after the other (the first, one in the middle, the
 * last) and fails when an answer is not a 200 or names a bench person other than the one
 * asking: a signed-in render kept and served to someone else would show here. Returns how
 * many answers showed the asker's own name (all of them while pages render per person;
 * none once the name comes from `/session/viewer`).
 */
export async function assertNoOtherPerson(url: string, people: Person[]): Promise<number> {
  const askers = [people[0], people[Math.floor(people.length / 2)], people.at(-1)];
  let ownName = 0;
  for (const person of askers) {
    if (!person) continue;
    const response = await fetch(url, {
      headers: { cookie: person.cookie, "user-agent": browserUA },
    });
    const html = await response.text();
    if (response.status !== 200) {
      throw new Error(`${url} as ${person.name}: ${response.status}, expected 200`);
    }
    const named = new Set([...html.matchAll(/\bBuyer \d+\b/g)].map((m) => m[0]));
    const others = [...named].filter((name) => name !== person.name);
    if (others.length > 0) {
      throw new Error(`${url} as ${person.name} shows another person's data: ${others.join(", ")}`);
    }
    if (person.name && named.has(person.name)) ownName++;
  }
  return ownName;
}
