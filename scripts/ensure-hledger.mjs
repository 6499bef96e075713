// The ledger tests check Lintel's general-ledger export with hledger (a plain-text accounting
// tool): `hledger check` must accept each book and its balances must equal Lintel's trial
// balance. Debian packages it (scripts/ensure-debian-tool.mjs).
import { ensureDebianTool } from './ensure-debian-tool.mjs';

ensureDebianTool('hledger', 'hledger', 'The ledger tests');
