import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import {
  OWNER_ID_REQUIRED,
  PROPERTY_FIELDS_REQUIRED,
  PROPERTY_ID_REQUIRED,
  TRANSFER_FIELDS_REQUIRED,
  type Property,
  type PropertyInput,
  type PropertyUpdateInput,
  type User,
} from '@lintel/contracts';
import { api, publicApi, toApiError } from '../lib/http.ts';
import { isAdminPath } from '../lib/roles.ts';
import { useAuth } from './AuthProvider.tsx';

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
export function requireUserContext(user: User | null): {
  userId: string;
  companyId: string;
  userRole: string;
} {
  if (!user) throw new Error('User not authenticated');
  if (!user._id) throw new Error('User ID not found');
  if (!user.companyId) throw new Error('User is not associated with any company');
  if (!user.role) throw new Error('User role not found');
  return { userId: user._id, companyId: user.companyId, userRole: user.role };
}

/** SPEC §7: a list, or an object whose `data` is the list. */
export function readPropertyList(body: unknown): Property[] {
  if (Array.isArray(body)) return body as Property[];
  if (body && typeof body === 'object' && 'data' in body) {
    const list = body.data;
    if (Array.isArray(list)) return list as Property[];
    throw new Error('Invalid properties data received');
  }
  throw new Error('Invalid response format from server');
}

/** SPEC §7: the property, possibly under `data`. */
const readProperty = (body: unknown): Property =>
  (body && typeof body === 'object' && 'data' in body ? body.data : body) as Property;

const failure = (error: unknown, fallback: string) => toApiError(error, fallback).message;

/** SPEC §7: a failed call reaches the caller as an ApiError, with the action's own fallback text. */
async function failingAs<T>(fallback: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toApiError(error, fallback);
  }
}

/** The list with `changed` in place of the property it replaces. */
const replacing =
  (changed: Property) =>
  (current: PropertyState): PropertyState => ({
    ...current,
    properties: current.properties.map((item) => (item._id === changed._id ? changed : item)),
  });

export function PropertyProvider({ children }: { children: ReactNode }) {
  const { user, loading: authLoading } = useAuth();
  const { pathname } = useLocation();
  const [state, setState] = useState<PropertyState>({ properties: [], loading: false, error: null });
  // SPEC §6: skipped for admins and on admin routes.
  const skipped = user?.role === 'admin' || isAdminPath(pathname);

  const fetchProperties = useCallback(async () => {
    if (skipped) {
      setState({ properties: [], loading: false, error: null });
      return;
    }
    if (!user) {
      setState({ properties: [], loading: false, error: 'User data not available' });
      return;
    }
    if (!user.companyId) {
      setState({ properties: [], loading: false, error: 'User is not associated with any company' });
      return;
    }
    setState((current) => ({ ...current, loading: true, error: null }));
    try {
      // SPEC §7 sends no paging: the server then answers the whole list, which this state holds.
      const { data } = await publicApi.get<unknown>('/properties/public-filtered', {
        params: { userId: user._id, companyId: user.companyId, userRole: user.role },
      });
      setState({ properties: readPropertyList(data), loading: false, error: null });
    } catch (error) {
      // SPEC §7: a 401 from the public list yields an empty list.
      if (toApiError(error, '').status === 401) setState({ properties: [], loading: false, error: null });
      else setState({ properties: [], loading: false, error: failure(error, 'Failed to fetch properties') });
    }
  }, [skipped, user]);

  useEffect(() => {
    // SPEC §4: while auth is still loading, no fetch happens.
    if (authLoading) return;
    // Fetching is this effect's purpose; the skip and missing-user branches settle the state at once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void fetchProperties();
  }, [authLoading, fetchProperties]);

  const addProperty = useCallback(
    async (input: PropertyInput) => {
      if (skipped) return null;
      if (!input.name?.trim() || !input.address?.trim() || !input.type)
        throw new Error(PROPERTY_FIELDS_REQUIRED);
      const claims = requireUserContext(user);
      return failingAs('Failed to create property', async () => {
        const { data } = await publicApi.post<unknown>('/properties/public', input, { params: claims });
        const created = readProperty(data);
        setState((current) => ({ ...current, properties: [...current.properties, created] }));
        return created;
      });
    },
    [skipped, user],
  );

  const updateProperty = useCallback(
    async (id: string, input: PropertyUpdateInput) => {
      if (skipped) return null;
      if (!id) throw new Error(PROPERTY_ID_REQUIRED);
      const { companyId } = requireUserContext(user);
      return failingAs('Failed to update property', async () => {
        const { data } = await api.put<unknown>(`/properties/${encodeURIComponent(id)}`, {
          ...input,
          companyId,
        });
        const updated = readProperty(data);
        setState(replacing(updated));
        return updated;
      });
    },
    [skipped, user],
  );

  const deleteProperty = useCallback(
    async (id: string) => {
      if (skipped) return;
      if (!id) throw new Error(PROPERTY_ID_REQUIRED);
      requireUserContext(user);
      await failingAs('Failed to delete property', async () => {
        await api.delete(`/properties/${encodeURIComponent(id)}`);
        setState((current) => ({
          ...current,
          properties: current.properties.filter((item) => item._id !== id),
        }));
      });
    },
    [skipped, user],
  );

  const getProperty = useCallback(async (id: string) => {
    if (!id) throw new Error(PROPERTY_ID_REQUIRED);
    return failingAs('Failed to fetch property', async () => {
      const { data } = await api.get<unknown>(`/properties/${encodeURIComponent(id)}`);
      return readProperty(data);
    });
  }, []);

  const getPropertiesByOwner = useCallback(async (ownerId: string) => {
    if (!ownerId) throw new Error(OWNER_ID_REQUIRED);
    return failingAs('Failed to fetch properties', async () => {
      const { data } = await api.get<unknown>(`/properties/owner/${encodeURIComponent(ownerId)}`);
      return readPropertyList(data);
    });
  }, []);

  const transferProperty = useCallback(
    async (id: string, newOwnerId: string) => {
      if (!id || !newOwnerId) throw new Error(TRANSFER_FIELDS_REQUIRED);
      const { companyId } = requireUserContext(user);
      return failingAs('Failed to transfer property', async () => {
        const { data } = await api.put<unknown>(`/properties/${encodeURIComponent(id)}/transfer`, {
          newOwnerId,
          companyId,
        });
        const moved = readProperty(data);
        setState(replacing(moved));
        return moved;
      });
    },
    [user],
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
