import { useState } from 'react';
import { useOwnerOptions } from '../api.ts';
import { useDebouncedValue } from '../../../components/use-debounced-value.ts';
import {
  SearchAutocomplete,
  type PickerOption,
  type SearchAutocompleteProps,
} from './SearchAutocomplete.tsx';

type Props = Omit<SearchAutocompleteProps, 'options' | 'loading' | 'onSearchChange'> & {
  /** Owner records to leave out, e.g. the current owner when transferring. */
  excludeIds?: readonly string[];
};

/** Owner records of the company, searched by name or email (GET /owners). */
export function OwnerAutocomplete({ excludeIds = [], ...props }: Props) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const { data = [], isFetching } = useOwnerOptions(q);
  const options: PickerOption[] = data
    .filter((owner) => !excludeIds.includes(owner._id))
    .map((owner) => ({ _id: owner._id, label: owner.name, detail: owner.email ?? owner.phone }));
  return (
    <SearchAutocomplete
      {...props}
      options={options}
      loading={isFetching}
      onSearchChange={setSearch}
      noOptionsText={q ? 'No owners match' : 'No owners yet'}
    />
  );
}
