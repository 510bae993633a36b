import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** A list's search field with its clear-search control; the label doubles as the placeholder. */
export function SearchBox({
  value,
  onChange,
  label,
  clearLabel,
  mb,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  clearLabel: string;
  mb?: string;
}) {
  return (
    <TextInput
      flex={1}
      mb={mb}
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={
        value ? <CloseButton aria-label={clearLabel} onClick={() => onChange('')} /> : null
      }
    />
  );
}
