import { Checkbox, Group } from '@mantine/core';
import { SearchBox } from '../../../components/ui/search-box';

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
      <SearchBox
        value={search}
        onChange={onSearchChange}
        label={searchLabel}
        clearLabel={clearLabel}
      />
      <Checkbox
        label={hideAssociatedLabel}
        checked={hideAssociated}
        onChange={(event) => onHideAssociatedChange(event.currentTarget.checked)}
      />
    </Group>
  );
}
