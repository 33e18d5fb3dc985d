import { Select, type SelectProps } from '@mantine/core';
import { serverFiltered, type useItemSearch } from '../api/get-items-map';

/**
 * The Inventory screen's item picker: the server's matches for what is typed (`useItemSearch`), the picked
 * item kept while other text is typed. Return, Edit and Delete share it.
 */
export function InventoryItemSelect({
  picker,
  value,
  onChange,
  ...props
}: {
  picker: ReturnType<typeof useItemSearch>;
  value: string | null;
  onChange: (value: string | null) => void;
} & Pick<SelectProps, 'error' | 'withAsterisk' | 'disabled'> & {
    /** In a dialog: the field the dialog opens on, instead of its close button. */
    'data-autofocus'?: boolean;
  }) {
  return (
    <Select
      label="Item"
      placeholder={picker.query.isPending ? 'Loading items...' : 'Select an item'}
      data={picker.options}
      searchable
      searchValue={picker.search}
      onSearchChange={picker.setSearch}
      filter={serverFiltered}
      nothingFoundMessage="No items found"
      value={value}
      onChange={(picked) => {
        picker.choose(picked);
        onChange(picked);
      }}
      {...props}
    />
  );
}
