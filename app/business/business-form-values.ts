import { type FormFailure, field } from "#app/forms/form-failure.ts";
import type { BusinessFormValues } from "./BusinessDetailsForm.tsx";

type Saved = {
  name: string;
  type: string;
  contactPhone: string;
  contactPhoneRegion: string | null;
  contactEmail: string;
  address: string;
  description: string;
};

/**
 * What the form shows, first match wins: what was just sent (a refusal), then a draft
 * kept while the visitor signed in, then the saved business, else nothing.
 */
export function businessFormValues(sources: {
  failure: FormFailure | undefined;
  draft: { values: BusinessFormValues } | null;
  business: Saved | null;
}): BusinessFormValues {
  if (sources.failure) return sources.failure.values;
  if (sources.draft && !sources.business) return sources.draft.values;
  const business = sources.business;
  if (!business) return {};
  return {
    name: business.name,
    type: business.type,
    contactPhone: business.contactPhone,
    region: business.contactPhoneRegion ?? "",
    contactEmail: business.contactEmail,
    address: business.address,
    description: business.description,
  };
}

/** The form's fields as `businesses.apply` / `businesses.update` take them. */
export function detailsFrom(form: FormData) {
  return {
    name: field(form, "name"),
    type: field(form, "type"),
    contactPhone: field(form, "contactPhone"),
    region: field(form, "region"),
    contactEmail: field(form, "contactEmail"),
    address: field(form, "address"),
    description: field(form, "description"),
  } as const;
}
