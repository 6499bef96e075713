import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  tasksApi,
  type Role,
  type TaskInput,
  type TaskLink,
  type TaskQuery,
  type TaskUpdateInput,
} from '@lintel/contracts';
import { request } from '../../lib/http.ts';

export type TaskListQuery = Partial<TaskQuery>;

// PRODUCT.md roles table: owners and 'other' have no tasks (a 403 would end their session).
export const canUseTasks = (role: Role | undefined) =>
  role === 'admin' || role === 'accountant' || role === 'agent';

/** Each staff role's tasks page. */
export const TASKS_PAGE: Partial<Record<Role, string>> = {
  admin: '/admin-dashboard/tasks',
  agent: '/agent-dashboard/tasks',
  accountant: '/accountant-dashboard/tasks',
};

/** Where a task's link opens for this role; undefined when the role has no page for it. */
export function linkTarget(role: Role | undefined, link: TaskLink): string | undefined {
  const pages: Partial<Record<Role, Partial<Record<TaskLink['type'], string>>>> = {
    admin: {
      property: '/admin-dashboard/properties',
      payment: '/admin/payments',
      maintenance: '/admin/maintenance',
    },
    agent: {
      property: '/agent-dashboard/properties',
      payment: '/payments',
      maintenance: '/agent-dashboard/maintenance',
    },
    accountant: {
      property: '/accountant-dashboard/properties',
      payment: '/accountant-dashboard/payments',
      invoice: '/accountant-dashboard/written-invoices',
    },
  };
  if (link.type === 'lease') return `/leases/${link.id}`;
  const page = role ? pages[role]?.[link.type] : undefined;
  return page ? `${page}?open=${link.id}` : undefined;
}

export const taskKeys = {
  all: ['tasks'] as const,
  list: (query: TaskListQuery) => ['tasks', 'list', query] as const,
  assignees: ['tasks', 'assignees'] as const,
};

export function useTasks(query: TaskListQuery, enabled = true) {
  return useQuery({
    queryKey: taskKeys.list(query),
    queryFn: () => request(tasksApi.list, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTaskAssignees(enabled = true) {
  return useQuery({
    queryKey: taskKeys.assignees,
    queryFn: () => request(tasksApi.assignees).then((reply) => reply.data),
    staleTime: 60_000,
    enabled,
  });
}

export const fetchTask = (id: string) =>
  request(tasksApi.get, { params: { id } }).then((reply) => reply.data);

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskInput) => request(tasksApi.create, { body }).then((reply) => reply.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

export function useUpdateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TaskUpdateInput }) =>
      request(tasksApi.update, { params: { id }, body }).then((reply) => reply.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

export function useDeleteTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(tasksApi.remove, { params: { id } }).then((reply) => reply.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: taskKeys.all }),
  });
}
