import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  ownersApi,
  propertiesApi,
  usersApi,
  type Property,
  type PropertyInput,
  type PropertyQuery,
  type PropertyUpdateInput,
} from '@lintel/contracts';
import { request } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-client.ts';
import { homeFor } from '../../lib/roles.ts';
import { useAuth, usePropertyCache, type PropertyCache } from '../../session/index.ts';
import { useNotifications } from '../notifications/index.ts';

/** What the list screen sends: the contract's query as the caller builds it (defaults filled by the server). */
export type PropertyListQuery = Partial<
  Pick<PropertyQuery, 'page' | 'pageSize' | 'q' | 'sort' | 'status' | 'type'>
>;

/** How many matches a picker lists: the first page of the server's search for what was typed. */
export const OPTION_PAGE_SIZE = 20;

export const propertyKeys = {
  all: queryKeys.properties,
  list: (query: PropertyListQuery) => ['properties', 'list', query] as const,
};

export function usePropertyList(query: PropertyListQuery) {
  return useQuery({
    queryKey: propertyKeys.list(query),
    queryFn: () => request(propertiesApi.list, { query }),
    // Keeps the current page on screen while the next one loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });
}

/** One property as the server has it now: the form's "reload" after a 409. */
export const fetchProperty = (id: string): Promise<Property> =>
  request(propertiesApi.get, { params: { id } }).then((reply) => reply.data);

/**
 * After a change: the session's one properties cache takes it (SPEC's list in place, the grid's
 * queries refetched) and the bell announces it.
 */
function useAfterChange() {
  const cache = usePropertyCache();
  const notifications = useNotifications();
  const { user } = useAuth();
  const link = `${homeFor(user?.role)}/properties`;
  return (title: string, message: string, change: (cache: PropertyCache) => void) => {
    change(cache);
    notifications.addNotification({ title, message, link });
  };
}

export function useCreateProperty() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: PropertyInput) => request(propertiesApi.create, { body }).then((reply) => reply.data),
    onSuccess: (property) =>
      afterChange('Property added', `${property.name} was added`, (cache) => cache.added(property)),
  });
}

export function useUpdateProperty() {
  const afterChange = useAfterChange();
  return useMutation({
    /** `body.__v` is the version the form was loaded at: a stale one gets 409, nothing is overwritten. */
    mutationFn: ({ id, body }: { id: string; body: PropertyUpdateInput }) =>
      request(propertiesApi.update, { params: { id }, body }).then((reply) => reply.data),
    onSuccess: (property) =>
      afterChange('Property updated', `${property.name} was updated`, (cache) => cache.replaced(property)),
  });
}

export function useDeleteProperty() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (property: Pick<Property, '_id'>) =>
      // The server answers the property it deleted, as it last was.
      request(propertiesApi.remove, { params: { id: property._id } }).then((reply) => reply.data),
    onSuccess: (property) =>
      afterChange('Property deleted', `${property.name} was deleted`, (cache) => cache.removed(property._id)),
  });
}

export function useTransferProperty() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ id, newOwnerId }: { id: string; newOwnerId: string }) =>
      request(propertiesApi.transfer, { params: { id }, body: { newOwnerId } }).then((reply) => reply.data),
    onSuccess: (property) =>
      afterChange(
        'Property transferred',
        property.ownerName
          ? `${property.name} now belongs to ${property.ownerName}`
          : `${property.name} was transferred`,
        (cache) => cache.replaced(property),
      ),
  });
}

/**
 * The property picker's search, for every form that picks a property. Agents are offered the
 * properties they manage, the ones they may write on; everyone else what the list shows them
 * (GET /properties answers every role, so no role is refused).
 */
export function usePropertyOptions(q: string) {
  const { user } = useAuth();
  const isAgent = user?.role === 'agent';
  return useQuery({
    queryKey: ['properties', 'options', user?._id, q],
    queryFn: () =>
      request(propertiesApi.list, {
        query: {
          q: q || undefined,
          pageSize: OPTION_PAGE_SIZE,
          ...(isAgent && user ? { agentId: user._id } : {}),
        },
      }).then((reply) => reply.data),
    placeholderData: keepPreviousData,
  });
}

/**
 * Owner picker options. GET /owners answers admin, agent and accountant only, and SPEC's client
 * ends the session on any 403, so the query never runs for another role.
 */
export function useOwnerOptions(q: string, enabled = true) {
  const { user } = useAuth();
  const allowed = user?.role === 'admin' || user?.role === 'agent' || user?.role === 'accountant';
  return useQuery({
    queryKey: ['owners', 'options', q],
    queryFn: () =>
      request(ownersApi.list, { query: { q: q || undefined, pageSize: OPTION_PAGE_SIZE } }).then(
        (reply) => reply.data,
      ),
    enabled: enabled && allowed,
    placeholderData: keepPreviousData,
  });
}

/** Agent picker options: active agents. GET /users is admin only (see useOwnerOptions on 403s). */
export function useAgentOptions(q: string, enabled = true) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['users', 'agent-options', q],
    queryFn: () =>
      request(usersApi.list, {
        query: { q: q || undefined, role: 'agent', isActive: 'true', pageSize: OPTION_PAGE_SIZE },
      }).then((reply) => reply.data),
    enabled: enabled && user?.role === 'admin',
    placeholderData: keepPreviousData,
  });
}
