import { describe, expect, it } from "vitest";
import { isTestFile, readSourceFiles } from "#tests/support/import-graph.ts";

/**
 * Rules that were once written several times (issue 22, "small repeats") and now have one
 * home each: a literal that gives a copy away must appear in that home and nowhere else
 * in the production code, so a new copy fails here instead of drifting from the rule.
 */
const production = readSourceFiles().filter(
  (file) => !isTestFile(file.path) && /^(app|contract|server)\//.test(file.path),
);

const homes: { what: string; literal: string | RegExp; home: string }[] = [
  { what: "the uuid pattern", literal: "[0-9a-f]{8}", home: "contract/uuid.ts" },
  { what: "the uuid check", literal: /function isUuid\b/, home: "contract/uuid.ts" },
  { what: "an event time", literal: /function formatEventTime\b/, home: "contract/event-time.ts" },
  { what: "an event time's zone name", literal: "timeZoneName", home: "contract/event-time.ts" },
  { what: "the event's calendar date", literal: '"en-CA"', home: "contract/event-time.ts" },
  {
    what: "one more under a plan's limit",
    literal: ">= limit",
    home: "server/modules/businesses/plan-limit.ts",
  },
  {
    what: "a plan limit's refusal",
    literal: "Upgrade to Pro to",
    home: "server/modules/businesses/plan-limit.ts",
  },
  {
    what: "a message's subject field",
    literal: 'name="subject"',
    home: "app/forms/ComposeForm.tsx",
  },
  {
    what: "a new password field",
    literal: 'autoComplete="new-password"',
    home: "app/components/NewPasswordField.tsx",
  },
  {
    what: "the password rules under a field",
    literal: "<PasswordPolicyChecklist",
    home: "app/components/NewPasswordField.tsx",
  },
];

const holding = (literal: string | RegExp) =>
  production
    .filter((file) =>
      typeof literal === "string" ? file.text.includes(literal) : literal.test(file.text),
    )
    .map((file) => file.path);

describe("one definition of each small rule", () => {
  it("reads the production tree (the check is not vacuous)", () => {
    expect(production.length).toBeGreaterThan(200);
  });

  for (const { what, literal, home } of homes) {
    it(`writes ${what} only in ${home}`, () => {
      expect(holding(literal)).toEqual([home]);
    });
  }
});
