import {
  addDays,
  InvoiceInput,
  MaintenanceInput,
  MaintenanceTransitionInput,
  OwnerApprovalInput,
  PaymentInput,
  TaskInput,
  TaskUpdateInput,
  type InvoiceLineInput,
  type MaintenancePriority,
  type MaintenanceStatus,
  type TaskLink,
  type TaskPriority,
  type TaskStatus,
} from '@lintel/contracts';
import { createInvoice, issueInvoice, markInvoicePaid, voidInvoice } from '../invoices/index.ts';
import { createRequest, decideOwnerApproval, transitionRequest } from '../maintenance/index.ts';
import { recordPayment } from '../payments/index.ts';
import { createTask, updateTask } from '../tasks/index.ts';
import { accountantOf, actingAs, adminOf, agentOf, type DemoCompany } from './context.ts';
import { latestLease, type LetProperty } from './lettings.ts';
import type { DemoMoney } from './money.ts';

const CURRENCY = 'USD';

type Client =
  | { clientType: 'owner'; owner: number }
  | { clientType: 'tenant'; property: number }
  | { clientType: 'other'; clientName: string; clientAddress: string };

interface InvoicePlan {
  client: Client;
  issuedDaysAgo: number;
  /** Days from issue to due. */
  termDays: number;
  lines: InvoiceLineInput[];
  /** Paid ones are paid by their tenant, six days after issue. */
  outcome: 'draft' | 'issued' | 'paid' | 'void';
}

/** In issue-date order, so invoice numbers follow the dates. */
const INVOICES: InvoicePlan[] = [
  {
    client: { clientType: 'tenant', property: 1 },
    issuedDaysAgo: 52,
    termDays: 14,
    lines: [
      { description: 'Replacement of a broken window pane (tenant damage)', quantity: '1', unitPrice: 18500 },
      { description: 'Glazier’s call-out', quantity: '1', unitPrice: 4500 },
    ],
    outcome: 'paid',
  },
  {
    client: { clientType: 'owner', owner: 2 },
    issuedDaysAgo: 45,
    termDays: 30,
    lines: [
      { description: 'Tenant placement fee', quantity: '1', unitPrice: 47500 },
      { description: 'Ingoing inspection report', quantity: '1', unitPrice: 7500 },
    ],
    outcome: 'issued',
  },
  {
    client: { clientType: 'owner', owner: 5 },
    issuedDaysAgo: 30,
    termDays: 30,
    lines: [{ description: 'Letting fee', quantity: '1', unitPrice: 60000 }],
    outcome: 'void',
  },
  {
    client: { clientType: 'tenant', property: 9 },
    issuedDaysAgo: 20,
    termDays: 14,
    lines: [
      { description: 'Replacement gate remote', quantity: '2', unitPrice: 3500 },
      { description: 'Key cutting', quantity: '3', unitPrice: 800 },
    ],
    outcome: 'paid',
  },
  {
    client: { clientType: 'owner', owner: 0 },
    issuedDaysAgo: 4,
    termDays: 30,
    lines: [{ description: 'Annual property inspection', quantity: '2', unitPrice: 6000 }],
    outcome: 'issued',
  },
  {
    client: { clientType: 'tenant', property: 14 },
    issuedDaysAgo: 2,
    termDays: 14,
    lines: [{ description: 'Lost access card replaced', quantity: '1', unitPrice: 2500 }],
    outcome: 'issued',
  },
  {
    client: { clientType: 'owner', owner: 1 },
    issuedDaysAgo: 0,
    termDays: 30,
    lines: [{ description: 'Rental valuation', quantity: '1', unitPrice: 15000 }],
    outcome: 'draft',
  },
  {
    client: {
      clientType: 'other',
      clientName: 'Mutare Investments (Pvt) Ltd',
      clientAddress: '22 Herbert Chitepo St, Mutare',
    },
    issuedDaysAgo: 0,
    termDays: 14,
    lines: [
      { description: 'Sales valuation report', quantity: '1', unitPrice: 35000 },
      { description: 'Site visit mileage (km)', quantity: '140', unitPrice: 50 },
    ],
    outcome: 'draft',
  },
];

interface RequestPlan {
  property: number;
  raisedBy: 'agent' | 'owner';
  title: string;
  description: string;
  priority: MaintenancePriority;
  estimate: number | null;
  supplier: string | null;
  /** Its moves after being raised: admins approve or reject, the agent does the rest. */
  moves: (MaintenanceStatus | 'owner approves')[];
  /** Said with the last move. */
  note?: string;
  actualCost?: number;
}

/** A request in every state, all on agent@demo.test's properties, four of them owner@demo.test's. */
const REQUESTS: RequestPlan[] = [
  {
    property: 18,
    raisedBy: 'agent',
    title: 'Geyser burst in the main bathroom',
    description:
      'Water through the ceiling; the geyser is isolated. Replacement quoted above the approval limit.',
    priority: 'high',
    estimate: 85000,
    supplier: 'Harare Plumbing Works',
    moves: [],
  },
  {
    property: 6,
    raisedBy: 'owner',
    title: 'Garden gate latch broken',
    description: 'The latch on the pedestrian gate no longer catches, so the gate swings open.',
    priority: 'low',
    estimate: 6000,
    supplier: null,
    moves: [],
  },
  {
    property: 2,
    raisedBy: 'agent',
    title: 'Blocked kitchen drain',
    description: 'The kitchen sink drains slowly and smells; rodding needed.',
    priority: 'medium',
    estimate: 12000,
    supplier: 'Drain Masters',
    moves: ['approved'],
    note: 'Go ahead',
  },
  {
    property: 12,
    raisedBy: 'agent',
    title: 'Repaint and re-tile before the next tenant',
    description: 'Interior repaint throughout and new kitchen floor tiles while the unit is empty.',
    priority: 'medium',
    estimate: 180000,
    supplier: 'Chikore Painters',
    moves: ['owner approves', 'approved', 'in_progress'],
    note: 'Painters on site',
  },
  {
    property: 14,
    raisedBy: 'agent',
    title: 'Leaking bathroom tap',
    description: 'The basin mixer drips constantly; washers or cartridge to be replaced.',
    priority: 'medium',
    estimate: 9000,
    supplier: 'Harare Plumbing Works',
    moves: ['approved', 'in_progress', 'completed'],
    actualCost: 9500,
  },
  {
    property: 18,
    raisedBy: 'agent',
    title: 'Kitchen plug points tripping the breaker',
    description: 'Two kitchen sockets trip the earth leakage whenever the kettle is on.',
    priority: 'urgent',
    estimate: 20000,
    supplier: 'Sparks Electrical',
    moves: ['approved', 'in_progress', 'completed'],
    actualCost: 21000,
  },
  {
    property: 22,
    raisedBy: 'agent',
    title: 'Install air conditioning in the lounge',
    description: 'The tenant asks for a split unit in the lounge.',
    priority: 'low',
    estimate: 45000,
    supplier: null,
    moves: ['rejected'],
    note: 'An improvement, not a repair: put it to the owner as a proposal.',
  },
  {
    property: 4,
    raisedBy: 'agent',
    title: 'Doorbell not working',
    description: 'The front doorbell does not ring.',
    priority: 'low',
    estimate: null,
    supplier: null,
    moves: ['cancelled'],
    note: 'The tenant replaced the battery.',
  },
];

type Staff = 'admin' | 'agent' | 'accountant';

interface TaskPlan {
  title: string;
  createdBy: Staff;
  assignee: Staff | null;
  dueInDays: number | null;
  priority: TaskPriority;
  status: TaskStatus;
  link?: TaskLink | undefined;
}

/**
 * Invoices in every status (one overdue), maintenance requests in every state (one waiting for
 * the owner's approval), and staff tasks across the board, some due today and some overdue.
 */
export async function seedDemoOperations(
  demo: DemoCompany,
  lettings: LetProperty[],
  money: DemoMoney,
): Promise<void> {
  const overdueInvoiceId = await seedInvoices(demo, lettings);
  const requestIds = await seedMaintenance(demo);
  const leaseOf = (property: number) =>
    latestLease(lettings.find((letProperty) => letProperty.letting.property === property)!);
  const arrears = leaseOf(6);
  const endingSoon = leaseOf(8);
  const bounced = money.bouncedPaymentId;
  const tasks: TaskPlan[] = [
    {
      title: `Call ${arrears.tenantName} about two months of unpaid rent`,
      createdBy: 'admin',
      assignee: 'agent',
      dueInDays: 0,
      priority: 'high',
      status: 'todo',
      link: { type: 'lease', id: arrears._id },
    },
    {
      title: `Send ${endingSoon.tenantName} a renewal offer`,
      createdBy: 'agent',
      assignee: 'agent',
      dueInDays: -3,
      priority: 'high',
      status: 'in_progress',
      link: { type: 'lease', id: endingSoon._id },
    },
    {
      title: 'Get three quotes for the burst geyser',
      createdBy: 'admin',
      assignee: 'agent',
      dueInDays: 4,
      priority: 'medium',
      status: 'in_progress',
      link: { type: 'maintenance', id: requestIds[0]! },
    },
    {
      title: `Check the smoke detectors at ${demo.properties[2]!.name}`,
      createdBy: 'agent',
      assignee: 'agent',
      dueInDays: 10,
      priority: 'low',
      status: 'todo',
      link: { type: 'property', id: demo.properties[2]!.id },
    },
    {
      title: `Move-out inspection photos for ${demo.properties[0]!.name}`,
      createdBy: 'agent',
      assignee: 'agent',
      dueInDays: -20,
      priority: 'medium',
      status: 'done',
      link: { type: 'property', id: demo.properties[0]!.id },
    },
    {
      title: 'Pay this month’s levies',
      createdBy: 'admin',
      assignee: 'accountant',
      dueInDays: 0,
      priority: 'high',
      status: 'todo',
    },
    {
      title: 'Chase the overdue placement-fee invoice',
      createdBy: 'accountant',
      assignee: 'accountant',
      dueInDays: -2,
      priority: 'high',
      status: 'todo',
      link: { type: 'invoice', id: overdueInvoiceId },
    },
    {
      title: 'Reconcile the trust bank statement',
      createdBy: 'accountant',
      assignee: 'accountant',
      dueInDays: -1,
      priority: 'medium',
      status: 'todo',
    },
    {
      title: 'Prepare the quarterly VAT return',
      createdBy: 'admin',
      assignee: 'accountant',
      dueInDays: 12,
      priority: 'medium',
      status: 'in_progress',
    },
    {
      title: 'Follow up the bounced rent cheque',
      createdBy: 'accountant',
      assignee: 'accountant',
      dueInDays: -25,
      priority: 'high',
      status: 'done',
      link: bounced ? { type: 'payment', id: bounced } : undefined,
    },
    {
      title: 'Approve the repainting budget with the owner',
      createdBy: 'admin',
      assignee: 'admin',
      dueInDays: 0,
      priority: 'medium',
      status: 'in_progress',
      link: { type: 'maintenance', id: requestIds[3]! },
    },
    {
      title: 'Renew the professional indemnity insurance',
      createdBy: 'admin',
      assignee: 'admin',
      dueInDays: 20,
      priority: 'medium',
      status: 'todo',
    },
    {
      title: 'Review agent commissions for last quarter',
      createdBy: 'admin',
      assignee: 'admin',
      dueInDays: -10,
      priority: 'low',
      status: 'done',
    },
    {
      title: 'Update the office’s listing photos',
      createdBy: 'admin',
      assignee: null,
      dueInDays: null,
      priority: 'low',
      status: 'todo',
    },
  ];
  const staff = (who: Staff) =>
    who === 'admin'
      ? adminOf(demo)
      : who === 'accountant'
        ? accountantOf(demo)
        : actingAs(demo, 'agent', demo.users.agent);
  for (const plan of tasks) {
    const creator = staff(plan.createdBy);
    const task = await createTask(
      creator,
      TaskInput.parse({
        title: plan.title,
        dueDate: plan.dueInDays === null ? null : addDays(demo.today, plan.dueInDays),
        priority: plan.priority,
        assigneeId: plan.assignee ? demo.users[plan.assignee] : null,
        link: plan.link ?? null,
      }),
    );
    if (plan.status !== 'todo')
      await updateTask(creator, task._id, TaskUpdateInput.parse({ status: plan.status }));
  }
}

/** Returns the overdue invoice's id. */
async function seedInvoices(demo: DemoCompany, lettings: LetProperty[]): Promise<string> {
  const accountant = accountantOf(demo);
  const letOn = (property: number) =>
    lettings.find((letProperty) => letProperty.letting.property === property)!;
  let overdueId = '';
  for (const plan of INVOICES) {
    const { client } = plan;
    const issueDate = addDays(demo.today, -plan.issuedDaysAgo);
    const dueDate = addDays(issueDate, plan.termDays);
    const draft = await createInvoice(
      accountant,
      InvoiceInput.parse({
        ...(client.clientType === 'owner'
          ? { clientType: 'owner', clientId: demo.owners[client.owner]!.id }
          : client.clientType === 'tenant'
            ? { clientType: 'tenant', clientId: letOn(client.property).tenantId }
            : client),
        currency: CURRENCY,
        issueDate,
        dueDate,
        lines: plan.lines,
        notes: 'Payable to the Demo Realty trust account; quote the invoice number.',
      }),
    );
    if (plan.outcome === 'draft') continue;
    const issued = await issueInvoice(accountant, draft._id);
    if (dueDate < demo.today && plan.outcome === 'issued') overdueId = issued._id;
    if (plan.outcome === 'void') {
      await voidInvoice(accountant, issued._id, 'Raised against the wrong owner', false);
    } else if (plan.outcome === 'paid' && client.clientType === 'tenant') {
      const payment = await recordPayment(
        accountant,
        PaymentInput.parse({
          type: 'other',
          leaseId: latestLease(letOn(client.property))._id,
          amount: issued.total,
          currency: CURRENCY,
          method: 'mobile_money',
          paymentDate: addDays(issueDate, 6),
          reference: issued.number,
        }),
        undefined,
      );
      await markInvoicePaid(accountant, issued._id, { paymentId: payment._id });
    }
  }
  return overdueId;
}

/** Returns the requests' ids, in REQUESTS order. */
async function seedMaintenance(demo: DemoCompany): Promise<string[]> {
  const ids: string[] = [];
  for (const plan of REQUESTS) {
    const property = demo.properties[plan.property]!;
    const agent = agentOf(demo, property);
    const owner = actingAs(demo, 'owner', demo.users.owner);
    const request = await createRequest(
      plan.raisedBy === 'owner' ? owner : agent,
      MaintenanceInput.parse({
        propertyId: property.id,
        title: plan.title,
        description: plan.description,
        priority: plan.priority,
        estimatedCost: plan.estimate,
        currency: CURRENCY,
        assignedSupplier: plan.supplier,
      }),
    );
    for (const [step, move] of plan.moves.entries()) {
      if (move === 'owner approves') {
        await decideOwnerApproval(owner, request._id, OwnerApprovalInput.parse({ approve: true }));
        continue;
      }
      const mover = move === 'approved' || move === 'rejected' ? adminOf(demo) : agent;
      await transitionRequest(
        mover,
        request._id,
        MaintenanceTransitionInput.parse({
          to: move,
          note: step === plan.moves.length - 1 ? (plan.note ?? null) : null,
          ...(move === 'completed' ? { actualCost: plan.actualCost } : {}),
        }),
      );
    }
    ids.push(request._id);
  }
  return ids;
}
