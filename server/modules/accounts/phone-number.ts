import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from "libphonenumber-js/max";

/**
 * Phone numbers are stored in E.164 (`+447911123456`). People type them as they know
 * them: with `+` and the country code, with `00`, or in their national format, which
 * needs a region (the form's country picker) to be understood.
 */
export type PhoneParse =
  | { ok: true; e164: string; region: string | undefined; nationalNumber: string }
  | { ok: false; message: string };

export function isRegionCode(value: string): value is CountryCode {
  return (getCountries() as string[]).includes(value);
}

export function parsePhoneNumber(input: string, region?: string): PhoneParse {
  const text = input.trim().replace(/^00/, "+");
  if (!/\d/.test(text)) return { ok: false, message: "Enter your phone number." };
  // Letters are allowed by the library (vanity numbers like 1-800-FLOWERS); not here.
  if (/[a-z]/i.test(text.replace(/\s*(ext\.?|x)\s*\d+$/i, ""))) {
    return { ok: false, message: "A phone number has only digits, spaces and + ( ) - ." };
  }
  const defaultCountry = region && isRegionCode(region) ? region : undefined;
  if (!text.startsWith("+") && !defaultCountry) {
    return {
      ok: false,
      message: "Choose your country, or start the number with + and the country code.",
    };
  }
  const parsed = parsePhoneNumberFromString(text, defaultCountry);
  if (!parsed?.isValid()) {
    return { ok: false, message: "This is not a valid phone number for the country chosen." };
  }
  return {
    ok: true,
    e164: parsed.number,
    region: parsed.country,
    nationalNumber: parsed.nationalNumber,
  };
}

/** `+44 •••• ••3456`: enough for a person to recognise their number, not to read it. */
export function maskPhoneNumber(e164: string): string {
  const digits = e164.replace(/\D/g, "");
  return `+${"•".repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

export type PhoneRegion = { code: string; callingCode: string; name: string };

let regionsCache: PhoneRegion[] | undefined;

/** Every region the phone metadata knows, by English name, for the country picker. */
export function phoneRegions(): PhoneRegion[] {
  if (!regionsCache) {
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    regionsCache = getCountries()
      .map((code) => ({
        code,
        callingCode: getCountryCallingCode(code),
        name: names.of(code) ?? code,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, "en"));
  }
  return regionsCache;
}
