/**
 * Control characters (C0 with tab, CR and LF; DEL; C1 with NEL) and the Unicode line and
 * paragraph separators: what could end a header line or hide part of one.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const controlRun = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * A value that becomes a mail header (subject, address) as one line: each run of control
 * characters becomes one space. A team, business or profile name that reaches a subject
 * cannot add a header (`Bcc:`) or fold the subject, whoever queued the message.
 */
export function headerText(value: string): string {
  return value.replace(controlRun, " ").replace(/ {2,}/g, " ").trim();
}
