import { Button, Fieldset, Paper, Stack, Text, TextInput } from "@mantine/core";
import { Form } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { formatPrice } from "#app/events/format.ts";
import type { FormFailure } from "#app/forms/form-failure.ts";
import type { CheckoutQuote } from "#contract/checkout-view.ts";
import type { HoldQuestions } from "#contract/event-questions.ts";
import type { HoldView } from "#contract/hold-view.ts";
import {
  attendeeAnswerField,
  attendeeField,
  confirmKeyOf,
  orderAnswerField,
  ticketSlots,
} from "./booking-form-fields.ts";
import { QuestionInput } from "./QuestionInput.tsx";

type Props = {
  hold: HoldView;
  /** How the hold is paid; null when the server gave no quote (confirmed as before). */
  quote: CheckoutQuote | null;
  /** What the organiser asks of this hold (`questions.forHold`). */
  questions: HoldQuestions;
  userName: string | null;
  /** The account's email, the contact email's starting value. */
  accountEmail: string | null;
  failure: FormFailure | undefined;
  pending: boolean;
};

function PaymentNote({ hold, quote }: { hold: HoldView; quote: CheckoutQuote | null }) {
  if (quote?.method === "card") {
    return (
      <Text size="sm">
        <strong>Pay by card</strong> on our payment provider's secure page (Stripe): your tickets
        stay held while you pay, and your booking is made as soon as the payment is in.
      </Text>
    );
  }
  if (hold.totalMinor === 0 || !hold.currency) {
    return <Text size="sm">These tickets are free: your booking is confirmed at once.</Text>;
  }
  return (
    <Text size="sm">
      <strong>Pay at the venue:</strong> your booking is confirmed now, and you pay{" "}
      {formatPrice(hold.totalMinor, hold.currency)} at the entrance before you go in.
    </Text>
  );
}

/** The form's button: "Pay €12.80" for a card hold, why it cannot be paid, or "Confirm booking". */
function SubmitButton({ quote, pending }: { quote: CheckoutQuote | null; pending: boolean }) {
  if (quote?.method !== "card") {
    return (
      <Button type="submit" loading={pending} size="md">
        Confirm booking
      </Button>
    );
  }
  if (quote.cardBlocked) {
    return (
      <FormMessage kind="error" title="Card payment is not available">
        {quote.cardBlocked}
      </FormMessage>
    );
  }
  return (
    <Button type="submit" loading={pending} size="md">
      {quote.currency ? `Pay ${formatPrice(quote.totalMinor, quote.currency)}` : "Pay"}
    </Button>
  );
}

/**
 * Step two: a name per ticket (the first one is the buyer's) with that attendee's
 * questions under it, the order's questions, an optional email, then confirm (free, pay at the venue) or pay by card (the hosted checkout).
 */
export function ConfirmForm({
  hold,
  quote,
  questions,
  userName,
  accountEmail,
  failure,
  pending,
}: Props) {
  const slots = ticketSlots(hold.items);
  const values = failure?.values ?? {};
  const nameErrorsAtTop = failure && Object.keys(failure.fieldErrors).length === 0;
  return (
    <Form method="post">
      <Stack gap="md" maw="32rem">
        <input type="hidden" name="intent" value={quote?.method === "card" ? "pay" : "confirm"} />
        <input type="hidden" name="holdId" value={hold.id} />
        <input type="hidden" name="idempotencyKey" value={confirmKeyOf(hold.id)} />
        {nameErrorsAtTop ? <FormMessage kind="error">{failure.message}</FormMessage> : null}
        {/* m=0: the browser's own 2px fieldset margin put these fields out of line with the email's. */}
        <Fieldset legend="Who is coming" variant="unstyled" m={0}>
          <Stack gap="sm">
            {slots.map((typeName, index) => {
              const name = attendeeField(index);
              const asked = questions.attendees[index] ?? [];
              return (
                // One box per attendee when they are asked more than a name, so each
                // attendee's answers read as theirs.
                <Paper
                  // biome-ignore lint/suspicious/noArrayIndexKey: one attendee per ticket, in order
                  key={index}
                  withBorder={asked.length > 0}
                  p={asked.length > 0 ? "sm" : 0}
                  radius="md"
                  bg="transparent"
                >
                  <Stack gap="xs">
                    <TextInput
                      name={name}
                      label={`Ticket ${index + 1} (${typeName}): attendee's name`}
                      autoComplete={index === 0 ? "name" : "off"}
                      required
                      maxLength={100}
                      defaultValue={values[name] ?? (index === 0 ? (userName ?? "") : "")}
                      error={failure?.fieldErrors[name]}
                    />
                    {asked.map((question) => {
                      const answer = attendeeAnswerField(index, question.id);
                      return (
                        <QuestionInput
                          key={question.id}
                          question={question}
                          name={answer}
                          value={values[answer] ?? ""}
                          error={failure?.fieldErrors[answer]}
                        />
                      );
                    })}
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        </Fieldset>
        {questions.order.length > 0 ? (
          <Fieldset legend="Questions" variant="unstyled" m={0}>
            <Stack gap="sm">
              {questions.order.map((question) => {
                const answer = orderAnswerField(question.id);
                return (
                  <QuestionInput
                    key={question.id}
                    question={question}
                    name={answer}
                    value={values[answer] ?? ""}
                    error={failure?.fieldErrors[answer]}
                  />
                );
              })}
            </Stack>
          </Fieldset>
        ) : null}
        <TextInput
          name="contactEmail"
          type="email"
          label="Email for the confirmation (optional)"
          description="We email the booking reference there; it also finds the booking on Find a booking. If your account has no verified email yet, we also send a link to verify this one."
          autoComplete="email"
          maxLength={254}
          defaultValue={values.contactEmail ?? accountEmail ?? ""}
          error={failure?.fieldErrors.contactEmail}
        />
        <PaymentNote hold={hold} quote={quote} />
        <SubmitButton quote={quote} pending={pending} />
      </Stack>
    </Form>
  );
}
