export { ProtectedRoute } from './ProtectedRoute.tsx';
export { CreateAgencyForm } from './components/CreateAgencyForm.tsx';
export { JoinCompanyForm } from './components/JoinCompanyForm.tsx';
