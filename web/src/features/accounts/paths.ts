// The lead wires these routes; the pages link between them.
export const PROPERTY_ACCOUNTS_PATH = '/accountant-dashboard/property-accounts';
export const AGENT_ACCOUNTS_PATH = '/accountant-dashboard/agent-accounts';
