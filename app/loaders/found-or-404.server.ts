import { data } from "react-router";
import { isFunctionError } from "#app/forms/form-failure.ts";

/**
 * A loader's call for the thing its URL names. NOT_FOUND (missing, or not the caller's
 * to see) and INVALID_ARGUMENT (an id that cannot name anything, such as 300 characters
 * or a control character) both mean there is no such page: the 404 page, never a 500.
 */
export async function foundOr404<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (
      isFunctionError(error) &&
      (error.status === "NOT_FOUND" || error.status === "INVALID_ARGUMENT")
    ) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}
