import type {
  CodeCheckAnswer,
  EventCodeInput,
  EventCodesView,
  EventCodeView,
} from "#contract/event-codes.ts";

/**
 * The codes functions as the contract names them (shared.md, decision 036): the pages call
 * them by these types, so they build against the contract whichever side lands first.
 */
export type CodeFunctions = {
  "codes.forEvent": { input: { eventId: string }; output: EventCodesView };
  "codes.save": {
    input: EventCodeInput & { eventId: string; id?: string };
    output: EventCodeView;
  };
  "codes.remove": { input: { eventId: string; id: string }; output: { removed: true } };
  "codes.check": { input: { eventId: string; code: string }; output: CodeCheckAnswer };
};
