import { useState } from "react";
import { PasswordInput } from "#app/ui/PasswordInput.tsx";
import { type PasswordPolicy, PasswordPolicyChecklist } from "./PasswordPolicyChecklist.tsx";

type Props = {
  name: string;
  label: string;
  error?: string;
  /** The checklist's id, which the input names as its description. */
  policyId: string;
  /** The policy as the loader got it: the checklist renders on the server too. */
  policy: PasswordPolicy;
  /** The person's own details, which the password must not contain. */
  phone?: string;
  region?: string;
  email?: string;
};

/**
 * A new password with the policy's rules ticked off under it as the person types (sign
 * up, reset, change): the same field and list wherever a password is chosen. Both are
 * rendered side by side so they sit in the form's own stack.
 */
export function NewPasswordField({ name, label, error, policyId, policy, ...person }: Props) {
  const [password, setPassword] = useState("");
  return (
    <>
      <PasswordInput
        name={name}
        label={label}
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={error}
        aria-describedby={policyId}
      />
      <PasswordPolicyChecklist id={policyId} policy={policy} password={password} {...person} />
    </>
  );
}
