import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role, Task, User } from '@lintel/contracts';
import { theme } from '../../../app/theme.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { mockHttp, type MockServer } from '../../../test/http-mock.ts';
import { ok, page } from '../../../test/payment-fixtures.ts';
import { renderAt } from '../../../test/render.tsx';
import { MyTasksCard } from '../components/MyTasksCard.tsx';
import { TasksPage } from './TasksPage.tsx';

const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: auth.user }) }));

const makeTask = (overrides: Partial<Task> = {}): Task => ({
  _id: '11111111-1111-4111-8111-111111111111',
  title: 'Inspect unit 4',
  description: null,
  dueDate: '2026-12-01',
  priority: 'high',
  status: 'todo',
  assigneeId: null,
  assigneeName: 'Amara Agent',
  createdBy: null,
  createdByName: 'Ada Admin',
  link: null,
  completedAt: null,
  isOverdue: false,
  canDelete: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  __v: 3,
  ...overrides,
});

let server: MockServer;

function render(role: Role, ui: React.ReactNode, path = '/agent-dashboard/tasks') {
  auth.user = makeUser({ role });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderAt(
    path,
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </ThemeProvider>,
  );
}

beforeEach(() => {
  server = mockHttp();
  auth.user = null;
});

describe('TasksPage', () => {
  it('tells owners tasks are for staff and calls nothing', async () => {
    render('owner', <TasksPage />);
    expect(await screen.findByText("Tasks are for your agency's staff.")).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('shows tasks in their status column with overdue ones flagged', async () => {
    server.on(
      'GET',
      '/tasks',
      page([
        makeTask(),
        makeTask({
          _id: '22222222-2222-4222-8222-222222222222',
          title: 'Chase levy',
          status: 'in_progress',
          isOverdue: true,
        }),
      ]),
    );
    render('agent', <TasksPage />);
    const doing = await screen.findByRole('region', { name: 'In progress' });
    const card = within(doing).getByRole('listitem', { name: 'Chase levy' });
    expect(within(card).getByText('Overdue')).toBeInTheDocument();
    const todo = screen.getByRole('region', { name: 'To do' });
    expect(within(todo).getByText('Assigned to Amara Agent')).toBeInTheDocument();
    expect(within(todo).queryByText('Overdue')).not.toBeInTheDocument();
  });

  it('moves a card to the next column with its button, sending the version', async () => {
    const task = makeTask();
    server
      .on('GET', '/tasks', page([task]))
      .on('PUT', `/tasks/${task._id}`, ok(makeTask({ status: 'in_progress' })));
    render('agent', <TasksPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Move Inspect unit 4 to In progress' }));
    await waitFor(() => expect(server.callsTo('PUT', `/tasks/${task._id}`)).toHaveLength(1));
    expect(server.callsTo('PUT', `/tasks/${task._id}`)[0]?.body).toEqual({ status: 'in_progress', __v: 3 });
  });
});

describe('MyTasksCard', () => {
  it("lists the user's open tasks, asking only for their own", async () => {
    server.on('GET', '/tasks', page([makeTask({ isOverdue: true })]));
    render('accountant', <MyTasksCard />, '/accountant-dashboard');
    expect(await screen.findByRole('link', { name: 'Inspect unit 4' })).toHaveAttribute(
      'href',
      '/accountant-dashboard/tasks?open=11111111-1111-4111-8111-111111111111',
    );
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(server.callsTo('GET', '/tasks')[0]?.params).toMatchObject({ mine: 'true', open: 'true' });
  });

  it('renders nothing and calls nothing for "other" users', () => {
    render('other', <MyTasksCard />, '/dashboard');
    expect(screen.queryByRole('region', { name: 'My tasks' })).not.toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });
});
