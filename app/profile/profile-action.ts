import { type FormFailure, formFailure } from "~/accounts/form-failure";

/** What a profile form's action answers: a notice, or the failure with what was typed. */
export type SectionResult =
  | { intent: string; ok: true; notice: string }
  | { intent: string; ok: false; failure: FormFailure };

/** Runs one form's function; a FunctionError becomes field errors for that form only. */
export async function runSection(
  intent: string,
  form: FormData,
  run: () => Promise<string>,
): Promise<{ result: SectionResult; status: number }> {
  try {
    return { result: { intent, ok: true, notice: await run() }, status: 200 };
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return { result: { intent, ok: false, failure }, status };
  }
}
