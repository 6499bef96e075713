/** Screens that exist as routes before their features are built, with what each will do. */
export const SECTIONS = {
  payments: {
    title: 'Payments',
    description: 'Receipt rent and deposits, print receipts, reverse mistakes, and search every payment.',
  },
  'property-accounts': {
    title: 'Property accounts',
    description: 'What the agency holds for each property’s owner: ledger, statements and owner payouts.',
  },
  'agent-accounts': {
    title: 'Agent accounts',
    description: 'Commission owed to each agent, and agent payouts.',
  },
  commissions: {
    title: 'Commissions',
    description: 'Commission earned by agent and period, with the agency’s share and VAT.',
  },
  ledger: {
    title: 'General ledger',
    description: 'Both books’ journals, chart of accounts, trial balance and export (CSV, hledger).',
  },
  banking: {
    title: 'Bank reconciliation',
    description:
      'Import bank statements, match them to the books, and reconcile trust three ways before closing the month.',
  },
  transfers: {
    title: 'Fee transfers',
    description: 'What trust owes the agency and for how long, and its transfer to the business account.',
  },
  vat: {
    title: 'VAT',
    description: 'Output VAT by receipt and invoice, VAT paid to the tax authority, and VAT owed.',
  },
  'written-invoices': {
    title: 'Written invoices',
    description: 'Numbered invoices with VAT, issued as PDF and tracked until paid.',
  },
  settings: {
    title: 'Accounting settings',
    description: 'Currencies, commission rate, agent share, VAT, rent due day and number prefixes.',
  },
  levies: {
    title: 'Levies',
    description: 'Body-corporate levies per property: due, overdue and paid, paid in one go.',
  },
  reports: {
    title: 'Reports',
    description:
      'Income by month, rent roll, arrears aging, commissions, occupancy and trust reconciliation, as CSV and PDF.',
  },
  tasks: { title: 'Tasks', description: 'The team’s to-do list: assigned, due and done.' },
  'data-sync': {
    title: 'Data sync',
    description: 'Import owners, tenants, properties, leases and payments from CSV; export everything.',
  },
  users: { title: 'Users', description: 'Invite people, change roles, and deactivate accounts.' },
  maintenance: {
    title: 'Maintenance',
    description: 'Repair requests from report to completion, with approvals and costs.',
  },
  'admin-payments': {
    title: 'Payments',
    description: 'Oversight of every payment the company has received.',
  },
} as const;

export type SectionKey = keyof typeof SECTIONS;
