import { useEffect, useState } from "react";
import { callable, type FunctionOutput } from "#app/callable/callable.ts";
import { ListItem, PlainList, Text, VisuallyHidden } from "#app/ui/text.tsx";

/** The server's password policy (`accounts.passwordPolicy`): limits and rules, each met or not. */
export type PasswordPolicy = FunctionOutput<"accounts.passwordPolicy">;

type Props = {
  /** The policy as the loader got it (rules unmet): the list renders on the server too. */
  policy: PasswordPolicy;
  password: string;
  /** The person's own details, which the password must not contain. */
  phone?: string;
  region?: string;
  email?: string;
  /** For the password input's `aria-describedby`. */
  id?: string;
};

const checkDelayMs = 150;

function lengthOf(text: string) {
  return [...text].length;
}

/**
 * The password rules, ticked off as the person types. Length is checked here at once
 * from the policy's limits; the other rules (the common-password list, the person's own
 * details) are asked of the server, which holds the one definition, a moment after typing
 * stops. The server checks again on submit, whatever this list shows.
 */
export function PasswordPolicyChecklist({ policy, password, phone, region, email, id }: Props) {
  const [checked, setChecked] = useState<PasswordPolicy>(policy);

  useEffect(() => {
    if (!password) {
      setChecked(policy);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callable("accounts.passwordPolicy")(
        { password, phone, region, email },
        { signal: controller.signal, timeout: 10_000 },
      ).then(setChecked, () => {});
    }, checkDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [password, phone, region, email, policy]);

  const length = lengthOf(password);
  const rules = checked.rules.map((rule) => {
    if (rule.id === "minLength") return { ...rule, met: length >= policy.minLength };
    if (rule.id === "maxLength") return { ...rule, met: length > 0 && length <= policy.maxLength };
    return { ...rule, met: password ? rule.met : false };
  });

  return (
    <div id={id}>
      <Text size="sm" fw={500} mb={4}>
        Your password needs to be:
      </Text>
      <PlainList data-testid="password-policy">
        {rules.map((rule) => (
          <ListItem key={rule.id} data-rule={rule.id} data-met={rule.met ? "true" : "false"}>
            <Text
              span
              size="sm"
              c={rule.met ? "var(--mantine-color-green-text)" : "dimmed"}
              fw={rule.met ? 500 : 400}
            >
              <span aria-hidden="true">{rule.met ? "✓ " : "○ "}</span>
              {rule.label}
              <VisuallyHidden>{rule.met ? " (done)" : " (not yet)"}</VisuallyHidden>
            </Text>
          </ListItem>
        ))}
      </PlainList>
    </div>
  );
}
