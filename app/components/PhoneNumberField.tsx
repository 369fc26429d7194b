import { NativeSelect, TextInput } from "#app/ui/fields.tsx";
import { Group } from "#app/ui/layout.tsx";

export type PhoneRegion = { code: string; callingCode: string; name: string };

type Props = {
  regions: readonly PhoneRegion[];
  defaultRegion: string;
  defaultValue?: string;
  error?: string | undefined;
  /** Field names: the number's and the country's. */
  name?: string;
  regionName?: string;
  label?: string;
  description?: string;
  required?: boolean;
  onRegionChange?: (region: string) => void;
  onValueChange?: (value: string) => void;
};

/**
 * A phone number as people know it: a country, and the number in its national format
 * (or the whole number starting with `+`, when the country list is ignored).
 */
export function PhoneNumberField({
  regions,
  defaultRegion,
  defaultValue,
  error,
  name = "phone",
  regionName = "region",
  label = "Phone number",
  description = "Your mobile number: we send a code to it by SMS.",
  required = true,
  onRegionChange,
  onValueChange,
}: Props) {
  return (
    <Group align="flex-start" gap="xs" wrap="wrap">
      <NativeSelect
        name={regionName}
        label="Country"
        defaultValue={defaultRegion}
        data={regions.map((region) => ({
          value: region.code,
          label: `${region.name} (+${region.callingCode})`,
        }))}
        onChange={(event) => onRegionChange?.(event.currentTarget.value)}
        widthFromXs={220}
      />
      <TextInput
        name={name}
        label={label}
        description={description}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required={required}
        defaultValue={defaultValue}
        error={error}
        onChange={(event) => onValueChange?.(event.currentTarget.value)}
        style={{ flex: "1 1 14rem" }}
      />
    </Group>
  );
}
