import { useState } from 'react';
import type { OwnerSummary } from '@lintel/contracts';
import {
  type PickerOption,
  propertyOption,
  SearchPicker,
  usePropertyOptions,
} from '../../properties/index.ts';
import {
  useAgentName,
  useOwnerName,
  usePropertyName,
  useReportAgentOptions,
  useReportOwnerOptions,
  type AgentChoice,
} from '../api.ts';
import type { RecordFilter } from '../use-report-params.ts';

interface FieldProps {
  /** The chosen record's id, '' for all. */
  id: string;
  onChange: (id: string) => void;
}

/**
 * One picker over a server search whose chosen id comes from the address: the name is the one
 * picked, or, for a shared link, the one the server gives for the id.
 */
function Picker<Item>({
  id,
  onChange,
  knownName,
  ...picker
}: FieldProps & {
  knownName: string | undefined;
  label: string;
  useOptions: (q: string) => { data?: Item[] | undefined; isFetching: boolean };
  toOption: (item: Item) => PickerOption;
  noOptions: { searched: string; none: string };
}) {
  const [picked, setPicked] = useState<PickerOption | null>(null);
  const value = id ? { _id: id, label: picked?._id === id ? picked.label : (knownName ?? '…') } : null;
  return (
    <SearchPicker
      {...picker}
      size="small"
      value={value}
      onChange={(option) => {
        setPicked(option);
        onChange(option?._id ?? '');
      }}
    />
  );
}

const ownerOption = (owner: OwnerSummary) => ({ _id: owner._id, label: owner.name, detail: owner.email });
const agentOption = (agent: AgentChoice) => ({ _id: agent.agentId, label: agent.agentName });

function PropertyField(props: FieldProps) {
  return (
    <Picker
      {...props}
      label="Property"
      knownName={usePropertyName(props.id || undefined)}
      useOptions={usePropertyOptions}
      toOption={propertyOption}
      noOptions={{ searched: 'No properties match', none: 'No properties yet' }}
    />
  );
}

function OwnerField(props: FieldProps) {
  return (
    <Picker
      {...props}
      label="Owner"
      knownName={useOwnerName(props.id || undefined)}
      useOptions={useReportOwnerOptions}
      toOption={ownerOption}
      noOptions={{ searched: 'No owners match', none: 'No owners yet' }}
    />
  );
}

function AgentField(props: FieldProps) {
  return (
    <Picker
      {...props}
      label="Agent"
      knownName={useAgentName(props.id || undefined)}
      useOptions={useReportAgentOptions}
      toOption={agentOption}
      noOptions={{ searched: 'No agents match', none: 'No agent has earned commission yet' }}
    />
  );
}

const FIELDS = { property: PropertyField, owner: OwnerField, agent: AgentField };

/** Narrows a report to one property, owner or agent; empty means all of them. */
export function RecordFilterField({ filter, ...props }: FieldProps & { filter: RecordFilter }) {
  const Field = FIELDS[filter];
  return <Field {...props} />;
}
