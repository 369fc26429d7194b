import { List, Stack, Title } from "@mantine/core";

/** What deleting an account erases and what it keeps (the same facts as /account_delete_start). */
export function DeletionSummary() {
  return (
    <Stack gap="xs" component="section" aria-labelledby="deletion-summary" maw="46rem">
      <Title order={2} size="h3" id="deletion-summary">
        What happens
      </Title>
      <List spacing="xs">
        <List.Item>
          Deleted: your name, phone number, email address, password, settings, sign-ins with other
          providers, pending codes, and every device's sign-in.
        </List.Item>
        <List.Item>Your tickets for events that have not happened yet are cancelled.</List.Item>
        <List.Item>
          Kept, anonymised: your past bookings and check-ins, without your name, phone number or
          email address, because organizers need them for their accounting.
        </List.Item>
        <List.Item>
          Deletion cannot be undone. You may register again later with the same phone number.
        </List.Item>
      </List>
    </Stack>
  );
}
