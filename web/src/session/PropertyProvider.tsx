import { createContext, use, useCallback, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { skipToken, useQuery } from '@tanstack/react-query';
import {
  OWNER_ID_REQUIRED,
  PROPERTY_FIELDS_REQUIRED,
  PROPERTY_ID_REQUIRED,
  propertiesApi,
  TRANSFER_FIELDS_REQUIRED,
  type Property,
  type PropertyInput,
  type PropertyUpdateInput,
  type User,
} from '@lintel/contracts';
import { ApiError, request } from '../lib/http.ts';
import { queryKeys, type PropertyListIdentity } from '../lib/query-client.ts';
import { isAdminPath } from '../lib/roles.ts';
import { useAuth } from './AuthProvider.tsx';
import { usePropertyCache } from './property-cache.ts';
import { PropertyListReply, PropertyReply } from './spec-replies.ts';

// SPEC §4 "Property list": state properties, loading, error.
interface PropertyState {
  properties: Property[];
  loading: boolean;
  error: string | null;
}

export interface PropertyContextValue extends PropertyState {
  fetchProperties: () => Promise<void>;
  addProperty: (input: PropertyInput) => Promise<Property | null>;
  updateProperty: (id: string, input: PropertyUpdateInput) => Promise<Property | null>;
  deleteProperty: (id: string) => Promise<void>;
  getProperty: (id: string) => Promise<Property>;
  getPropertiesByOwner: (ownerId: string) => Promise<Property[]>;
  transferProperty: (id: string, newOwnerId: string) => Promise<Property>;
}

const PropertyContext = createContext<PropertyContextValue | null>(null);

export function useProperties(): PropertyContextValue {
  const value = use(PropertyContext);
  if (!value) throw new Error('useProperties must be used within a PropertyProvider');
  return value;
}

/** SPEC §5: the user must be signed in with an id, a company and a role. */
export function requireUserContext(user: User | null): PropertyListIdentity {
  if (!user) throw new Error('User not authenticated');
  if (!user._id) throw new Error('User ID not found');
  if (!user.companyId) throw new Error('User is not associated with any company');
  if (!user.role) throw new Error('User role not found');
  return { userId: user._id, companyId: user.companyId, userRole: user.role };
}

/** SPEC §7: through the public client, with only the claimed identity: no paging, the whole list. */
async function fetchPropertyList(identity: PropertyListIdentity): Promise<Property[]> {
  try {
    return await request(
      { ...propertiesApi.listPublicFiltered, reply: PropertyListReply },
      { query: identity },
      { client: 'public', fallback: 'Failed to fetch properties' },
    );
  } catch (error) {
    // SPEC §7: a 401 from the public list yields an empty list.
    if (error instanceof ApiError && error.status === 401) return [];
    throw error;
  }
}

const IDLE: PropertyState = { properties: [], loading: false, error: null };

export function PropertyProvider({ children }: { children: ReactNode }) {
  const { user, loading: authLoading } = useAuth();
  const { pathname } = useLocation();
  const cache = usePropertyCache();
  // SPEC §6: skipped for admins and on admin routes.
  const skipped = user?.role === 'admin' || isAdminPath(pathname);
  const userId = user?._id;
  const companyId = user?.companyId;
  const userRole = user?.role;
  const identity = useMemo(
    () => (!skipped && userId && companyId && userRole ? { userId, companyId, userRole } : null),
    [skipped, userId, companyId, userRole],
  );

  const list = useQuery<Property[], ApiError>({
    queryKey: queryKeys.propertyList(identity),
    queryFn: identity ? () => fetchPropertyList(identity) : skipToken,
    // SPEC §4: while auth is still loading, no fetch happens.
    enabled: !authLoading,
    // SPEC §8: a failure shows its message; fetching again is the caller's.
    retry: false,
  });

  const state = useMemo((): PropertyState => {
    if (skipped || authLoading) return IDLE;
    if (!user) return { ...IDLE, error: 'User data not available' };
    if (!user.companyId) return { ...IDLE, error: 'User is not associated with any company' };
    // SPEC §8: a failed fetch leaves an empty list and the failure's message (until the next try).
    const failed = list.error !== null;
    return {
      properties: failed ? [] : (list.data ?? []),
      loading: list.isFetching,
      error: failed && !list.isFetching ? list.error.message : null,
    };
  }, [skipped, authLoading, user, list.error, list.data, list.isFetching]);

  const { refetch } = list;
  const fetchProperties = useCallback(async () => {
    if (identity) await refetch();
  }, [identity, refetch]);

  const addProperty = useCallback(
    async (input: PropertyInput) => {
      if (skipped) return null;
      if (!input.name?.trim() || !input.address?.trim() || !input.type)
        throw new Error(PROPERTY_FIELDS_REQUIRED);
      const claims = requireUserContext(user);
      const created = await request(
        { ...propertiesApi.createPublic, reply: PropertyReply },
        { query: claims, body: input },
        { client: 'public', fallback: 'Failed to create property' },
      );
      cache.added(created);
      return created;
    },
    [skipped, user, cache],
  );

  const updateProperty = useCallback(
    async (id: string, input: PropertyUpdateInput) => {
      if (skipped) return null;
      if (!id) throw new Error(PROPERTY_ID_REQUIRED);
      const { companyId: claimedCompanyId } = requireUserContext(user);
      const updated = await request(
        { ...propertiesApi.update, reply: PropertyReply },
        { params: { id }, body: { ...input, companyId: claimedCompanyId } },
        { fallback: 'Failed to update property' },
      );
      cache.replaced(updated);
      return updated;
    },
    [skipped, user, cache],
  );

  const deleteProperty = useCallback(
    async (id: string) => {
      if (skipped) return;
      if (!id) throw new Error(PROPERTY_ID_REQUIRED);
      requireUserContext(user);
      await request(
        { ...propertiesApi.remove, reply: PropertyReply },
        { params: { id } },
        { fallback: 'Failed to delete property' },
      );
      cache.removed(id);
    },
    [skipped, user, cache],
  );

  const getProperty = useCallback(async (id: string) => {
    if (!id) throw new Error(PROPERTY_ID_REQUIRED);
    return request(
      { ...propertiesApi.get, reply: PropertyReply },
      { params: { id } },
      { fallback: 'Failed to fetch property' },
    );
  }, []);

  const getPropertiesByOwner = useCallback(async (ownerId: string) => {
    if (!ownerId) throw new Error(OWNER_ID_REQUIRED);
    return request(
      { ...propertiesApi.listByOwner, reply: PropertyListReply },
      { params: { ownerId } },
      { fallback: 'Failed to fetch properties' },
    );
  }, []);

  const transferProperty = useCallback(
    async (id: string, newOwnerId: string) => {
      if (!id || !newOwnerId) throw new Error(TRANSFER_FIELDS_REQUIRED);
      const { companyId: claimedCompanyId } = requireUserContext(user);
      const moved = await request(
        { ...propertiesApi.transfer, reply: PropertyReply },
        { params: { id }, body: { newOwnerId, companyId: claimedCompanyId } },
        { fallback: 'Failed to transfer property' },
      );
      cache.replaced(moved);
      return moved;
    },
    [user, cache],
  );

  const value = useMemo(
    () => ({
      ...state,
      fetchProperties,
      addProperty,
      updateProperty,
      deleteProperty,
      getProperty,
      getPropertiesByOwner,
      transferProperty,
    }),
    [
      state,
      fetchProperties,
      addProperty,
      updateProperty,
      deleteProperty,
      getProperty,
      getPropertiesByOwner,
      transferProperty,
    ],
  );
  return <PropertyContext value={value}>{children}</PropertyContext>;
}
