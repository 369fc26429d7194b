import type { PhoneRegion } from "#app/components/PhoneNumberField.tsx";
import { NativeSelect, TextInput } from "#app/ui/fields.tsx";
import { Group } from "#app/ui/layout.tsx";

/**
 * Phone number or email address, with the country used to read a phone number typed in
 * its national format (sign-in, forgotten password, one-time code).
 */
export function IdentifierField({
  regions,
  defaultRegion,
  defaultValue,
  error,
}: {
  regions: readonly PhoneRegion[];
  defaultRegion: string;
  defaultValue?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <Group align="flex-start" gap="xs" wrap="wrap">
      <TextInput
        name="identifier"
        label="Phone number or email address"
        autoComplete="username"
        required
        defaultValue={defaultValue}
        error={error}
        style={{ flex: "1 1 16rem" }}
      />
      <NativeSelect
        name="region"
        label="Country of the phone number"
        defaultValue={defaultRegion}
        data={regions.map((region) => ({
          value: region.code,
          label: `${region.name} (+${region.callingCode})`,
        }))}
        widthFromXs={240}
      />
    </Group>
  );
}
