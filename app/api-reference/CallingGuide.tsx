import { Anchor, Code, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import {
  API_KEY_PREFIX,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_HOURS,
  IDEMPOTENCY_KEY_MAX,
} from "#contract/api-keys.ts";
import { apiKeysPath } from "#contract/paths.ts";
import { Example } from "./Example.tsx";

const request = `POST /api/fn/events.getForOwner
Content-Type: application/json
Authorization: Bearer ${API_KEY_PREFIX}…

{"data": {"eventId": "…"}}`;

const answers = `{"result": …}
{"error": {"status": "NOT_FOUND", "message": "Event not found.", "details": …}}`;

const write = `POST /api/fn/events.publish
Content-Type: application/json
Authorization: Bearer ${API_KEY_PREFIX}…
${IDEMPOTENCY_HEADER}: 4f9d1c2e-7b1a-4c55-9a0e-2d6f0b8e5a13

{"data": {"eventId": "…"}}`;

const codes: [string, string][] = [
  ["200", 'Done: the body is {"result": …}.'],
  [
    "400",
    "INVALID_ARGUMENT: the data is not right; details lists each field's path and message. FAILED_PRECONDITION: not possible now (the message says why).",
  ],
  ["401", "UNAUTHENTICATED: no key, an unknown key, or a revoked key."],
  ["403", "PERMISSION_DENIED: the key's scopes do not include this function's."],
  ["404", "NOT_FOUND: it does not exist, or it is not your business's."],
  ["409", `A write with this ${IDEMPOTENCY_HEADER} is still in progress: try again shortly.`],
  ["422", `This ${IDEMPOTENCY_HEADER} was already used with a different body.`],
  [
    "429",
    "RESOURCE_EXHAUSTED: too many calls with this key. Wait the seconds the Retry-After header gives.",
  ],
];

/** How to call a function with a key: the request, the answers, HTTP codes, idempotent writes. */
export function CallingGuide() {
  return (
    <Stack gap="md" component="section" aria-labelledby="calling">
      <Title order={2} id="calling">
        Calling a function
      </Title>
      <Text>
        Make a key on your console's{" "}
        <Anchor component={Link} to={apiKeysPath}>
          API keys
        </Anchor>{" "}
        page. Each function is one HTTPS request to this site: <Code>POST /api/fn/{"{name}"}</Code>{" "}
        with the header <Code>Content-Type: application/json</Code>, your key as{" "}
        <Code>Authorization: Bearer {API_KEY_PREFIX}…</Code>, and a JSON body whose{" "}
        <Code>data</Code> is the function's input. A key acts for its business only, and may call
        only the functions of its scopes.
      </Text>
      <Example>{request}</Example>
      <Text>
        The answer is JSON: <Code>result</Code> when it worked, <Code>error</Code> when it did not,
        with a status, a message a person can read, and details where there are some.
      </Text>
      <Example>{answers}</Example>
      <Title order={3} id="http-codes">
        HTTP codes
      </Title>
      <Table.ScrollContainer minWidth={0}>
        <Table verticalSpacing="xs" layout="fixed" withRowBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="4.5rem">Code</Table.Th>
              <Table.Th>Meaning</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {codes.map(([code, meaning]) => (
              <Table.Tr key={code}>
                <Table.Td ff="monospace">{code}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{meaning}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={3} id="idempotency">
        Writes: the {IDEMPOTENCY_HEADER} header
      </Title>
      <Text>
        A function marked <strong>write</strong> changes data. Send it with an{" "}
        <Code>{IDEMPOTENCY_HEADER}</Code> header (your own unique text, up to {IDEMPOTENCY_KEY_MAX}{" "}
        characters, such as a UUID) and it is done once however often you send it: a repeat within{" "}
        {IDEMPOTENCY_HOURS} hours answers the first call's result, a repeat while the first is still
        running answers 409, and the same key with a different body answers 422. Retry a write that
        timed out with the same key.
      </Text>
      <Example>{write}</Example>
    </Stack>
  );
}
