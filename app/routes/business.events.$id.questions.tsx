import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { data, Link, useLoaderData } from "react-router";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { consoleLoad } from "#app/console/console-loader.server.ts";
import { Section } from "#app/forms/Section.tsx";
import { QuestionCard } from "#app/questions/QuestionCard.tsx";
import { QuestionForm } from "#app/questions/QuestionForm.tsx";
import { runQuestionsPageIntent } from "#app/questions/question-actions.server.ts";
import { blankQuestion } from "#app/questions/question-form-input.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import type { Route } from "./+types/business.events.$id.questions";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  screenMeta(loaderData ? `Questions: ${loaderData.view.title}` : "Questions");

/** The event's owner only: anyone else gets the 404 page (the function says NOT_FOUND). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const view = await consoleLoad(server, request, () =>
    server.invoke("questions.forEvent", { eventId: params.id }),
  );
  return { view };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  requireSignedIn(server, request);
  const { result, status } = await runQuestionsPageIntent(
    server,
    params.id,
    await request.formData(),
  );
  return data(result, { status });
}

export default function Page() {
  const { view } = useLoaderData<typeof loader>();
  return (
    <Screen title={`Questions: ${view.title}`}>
      <Anchor component={Link} to={`/business/events/${view.eventId}`}>
        ← Back to the event
      </Anchor>
      <Section id="questions-heading" heading="Questions at checkout">
        {view.questions.length === 0 ? (
          <Text data-testid="questions-empty">
            No questions yet. Ask buyers what you need to know: a T-shirt size, dietary needs,
            consent to a policy. Ask once per order or for each attendee, for every ticket type or
            only some. Answers show on the order, in the attendee export and at the door.
          </Text>
        ) : (
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: "none" }}>
            {view.questions.map((question, index) => (
              <QuestionCard
                key={question.id}
                question={question}
                event={view}
                first={index === 0}
                last={index === view.questions.length - 1}
              />
            ))}
          </Stack>
        )}
      </Section>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="new-question">
        <Stack gap="sm">
          <Title order={2} size="h4" id="new-question">
            Add a question
          </Title>
          <QuestionForm
            start={blankQuestion}
            idPrefix="new-question"
            submitLabel="Add question"
            ticketTypes={view.ticketTypes}
            emptyAfterSaving
          />
        </Stack>
      </Card>
    </Screen>
  );
}
