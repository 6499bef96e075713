import { useState } from 'react';
import { useAgentOptions } from '../api.ts';
import { useDebouncedValue } from '../../../components/use-debounced-value.ts';
import {
  SearchAutocomplete,
  type PickerOption,
  type SearchAutocompleteProps,
} from './SearchAutocomplete.tsx';

type Props = Omit<SearchAutocompleteProps, 'options' | 'loading' | 'onSearchChange'>;

/** Active agents of the company, searched by name or email (GET /users?role=agent; admins only). */
export function AgentAutocomplete(props: Props) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const { data = [], isFetching } = useAgentOptions(q);
  const options: PickerOption[] = data.map((agent) => ({
    _id: agent._id,
    label: `${agent.firstName} ${agent.lastName}`.trim() || agent.email,
    detail: agent.email,
  }));
  return (
    <SearchAutocomplete
      {...props}
      options={options}
      loading={isFetching}
      onSearchChange={setSearch}
      noOptionsText={q ? 'No agents match' : 'No agents yet'}
    />
  );
}
