import { type FormEvent, useEffect, useState } from "react";
import { Button } from "#app/ui/Button.tsx";
import { TextInput } from "#app/ui/fields.tsx";
import { Group, Paper } from "#app/ui/layout.tsx";
import { Text } from "#app/ui/text.tsx";
import { MAX_CODE_LENGTH } from "#contract/event-codes.ts";
import classes from "./CodeEntry.module.css";
import type { EventCodeState } from "./use-event-code.ts";

type Props = {
  state: EventCodeState;
  onApply: (code: string) => void;
  onRemove: () => void;
};

/**
 * "Have a code?" on the event page: a disclosure with the code's field and "Apply"; once
 * applied, what the code does and "Remove". Without JavaScript the form sends `?code=` to
 * the page itself, which applies it once scripts run.
 */
export function CodeEntry({ state, onApply, onRemove }: Props) {
  const [open, setOpen] = useState(false);
  // Once a code is applied the field goes; removed, "Have a code?" starts closed again.
  useEffect(() => {
    if (state.status === "applied") setOpen(false);
  }, [state.status]);
  if (state.status === "applied") {
    return (
      <Paper p="sm" component="section" aria-label="Your code" data-testid="code-applied">
        <Group justify="space-between" gap="sm">
          <Text fw={600} role="status">
            Code {state.answer.code}: {state.answer.summary}
          </Text>
          <Button variant="default" size="compact-md" onClick={onRemove}>
            Remove
          </Button>
        </Group>
      </Paper>
    );
  }
  const refused = state.status === "refused" ? state : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(String(new FormData(event.currentTarget).get("code") ?? ""));
  };
  return (
    <details open={open || refused !== null} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className={classes.summary}>Have a code?</summary>
      <form method="get" className={classes.form} onSubmit={submit}>
        <div className={classes.row}>
          <TextInput
            label="Promo or access code"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={MAX_CODE_LENGTH}
            defaultValue={refused?.code ?? ""}
            error={refused?.message}
          />
          <Button type="submit" variant="default" loading={state.status === "checking"}>
            Apply
          </Button>
        </div>
      </form>
    </details>
  );
}
