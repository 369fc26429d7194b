import { Button } from "@mantine/core";
import { Form } from "react-router";

/** Lets the held tickets go at once, for someone else (or to choose again). */
export function ReleaseHoldForm({ holdId, pending }: { holdId: string; pending: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="release" />
      <input type="hidden" name="holdId" value={holdId} />
      <Button type="submit" variant="default" loading={pending}>
        Release hold
      </Button>
    </Form>
  );
}
