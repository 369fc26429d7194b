// Moved to the contract so the console's pages convert the same way (the codes page sends
// instants, read from local inputs in the event's zone); the module's files import it here.
export { fromLocalInput, isKnownTimeZone, toLocalInput } from "#contract/zoned-time.ts";
