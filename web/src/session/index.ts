// The session: who is signed in, their company, and SPEC §4's property list. Screens use these
// through this door only.
export {
  AuthProvider,
  beginStoredSessionCheck,
  useAuth,
  type AuthContextValue,
  type AuthState,
} from './AuthProvider.tsx';
export { CompanyProvider, useCompany } from './CompanyProvider.tsx';
export { PropertyProvider, useProperties, type PropertyContextValue } from './PropertyProvider.tsx';
export { usePropertyCache, type PropertyCache } from './property-cache.ts';
