import { useState } from 'react';
import type { Property } from '@lintel/contracts';
import { useDebouncedValue } from '../../../components/use-debounced-value.ts';
import {
  SearchAutocomplete,
  type PickerOption,
  type SearchAutocompleteProps,
} from './SearchAutocomplete.tsx';

export type SearchPickerProps<Item, T extends PickerOption> = Omit<
  SearchAutocompleteProps<T>,
  'options' | 'loading' | 'onSearchChange' | 'noOptionsText'
> & {
  /** The server search, called with what was typed once it settles; a module-level query hook. */
  useOptions: (q: string) => { data?: Item[] | undefined; isFetching: boolean };
  toOption: (item: Item) => T;
  /** What an empty list says while searching, and with nothing typed. */
  noOptions: { searched: string; none: string };
};

/** A SearchAutocomplete over one server search: what is typed is sent, debounced, as `q`. */
export function SearchPicker<Item, T extends PickerOption>({
  useOptions,
  toOption,
  noOptions,
  ...props
}: SearchPickerProps<Item, T>) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const { data = [], isFetching } = useOptions(q);
  return (
    <SearchAutocomplete
      {...props}
      options={data.map(toOption)}
      loading={isFetching}
      onSearchChange={setSearch}
      noOptionsText={q ? noOptions.searched : noOptions.none}
    />
  );
}

/** A property as a picker option: its address under its name, its currency for the money fields. */
export const propertyOption = (property: Pick<Property, '_id' | 'name' | 'address' | 'currency'>) => ({
  _id: property._id,
  label: property.name,
  detail: property.address,
  currency: property.currency,
});
