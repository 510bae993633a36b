import { Checkbox, CloseButton, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box and hide-associated checkbox above each provisioning table. */
export function ListFilter({
  search,
  onSearchChange,
  searchLabel,
  clearLabel,
  hideAssociated,
  onHideAssociatedChange,
  hideAssociatedLabel,
}: {
  search: string;
  onSearchChange: (value: string) => void;
  searchLabel: string;
  clearLabel: string;
  hideAssociated: boolean;
  onHideAssociatedChange: (value: boolean) => void;
  hideAssociatedLabel: string;
}) {
  return (
    <Group mb="xs" align="center">
      <TextInput
        flex={1}
        aria-label={searchLabel}
        placeholder={searchLabel}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        rightSection={
          search ? <CloseButton aria-label={clearLabel} onClick={() => onSearchChange('')} /> : null
        }
      />
      <Checkbox
        label={hideAssociatedLabel}
        checked={hideAssociated}
        onChange={(event) => onHideAssociatedChange(event.currentTarget.checked)}
      />
    </Group>
  );
}
