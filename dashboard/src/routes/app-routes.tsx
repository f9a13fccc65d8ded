import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoadingState } from '../components/full-page-status';
import { RequireAuth } from './require-auth';

// Each page is its own chunk: the login page never downloads the charts the home page uses.
const LoginPage = lazy(() => import('../features/platform/auth/login-page'));
const AppShell = lazy(() => import('../features/platform/shell/app-shell'));
const HomePage = lazy(() => import('../features/platform/home/home-page'));
const CalculatorsPage = lazy(() => import('../features/financials/calculators/calculators-page'));
const FinancialHouseholdsPage = lazy(() => import('../features/financials/households-page'));
const HouseholdFinancialPage = lazy(() => import('../features/financials/household-financial-page'));
const CrmLayout = lazy(() => import('../features/crm/crm-layout'));
const ContactsPage = lazy(() => import('../features/crm/contacts-page'));
const ContactPage = lazy(() => import('../features/crm/contact-page'));
const NewContactPage = lazy(() => import('../features/crm/new-contact-page'));
const LeadsPage = lazy(() => import('../features/crm/leads-page'));
const CrmHouseholdsPage = lazy(() => import('../features/crm/households-page'));
const CrmHouseholdPage = lazy(() => import('../features/crm/household-page'));
const ReportsPage = lazy(() => import('../features/crm/reports-page'));
const CustomFieldsPage = lazy(() => import('../features/crm/custom-fields-page'));
const DeletedPage = lazy(() => import('../features/crm/deleted-page'));
const HubPage = lazy(() => import('../features/hub/connections/hub-page'));
const RunDetailPage = lazy(() => import('../features/hub/connections/run-detail-page'));
const ImportsPage = lazy(() => import('../features/hub/imports/imports-page'));
const NewImportPage = lazy(() => import('../features/hub/imports/new-import-page'));
const ImportWizardPage = lazy(() => import('../features/hub/imports/import-wizard-page'));
const NotFoundPage = lazy(() => import('../features/platform/errors/not-found-page'));

export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingState fullPage />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route element={<RequireAuth />}>
          <Route element={<AppShell />}>
            <Route index element={<HomePage />} />
            <Route path="calculators" element={<CalculatorsPage />} />
            <Route path="financial-records" element={<FinancialHouseholdsPage />} />
            <Route path="financial-records/:householdId" element={<HouseholdFinancialPage />} />
            <Route path="cash-flows" element={<FinancialHouseholdsPage />} />
            <Route path="cash-flows/:householdId" element={<HouseholdFinancialPage />} />
            <Route path="connections" element={<HubPage />} />
            <Route path="connections/runs/:syncRunId" element={<RunDetailPage />} />
            <Route path="imports" element={<ImportsPage />} />
            <Route path="imports/new" element={<NewImportPage />} />
            <Route path="imports/:batchId" element={<ImportWizardPage />} />
            <Route path="crm" element={<CrmLayout />}>
              <Route index element={<Navigate to="contacts" replace />} />
              <Route path="contacts" element={<ContactsPage />} />
              <Route path="contacts/new" element={<NewContactPage kind="contact" />} />
              <Route path="contacts/:contactId" element={<ContactPage />} />
              <Route path="leads" element={<LeadsPage />} />
              <Route path="leads/new" element={<NewContactPage kind="lead" />} />
              <Route path="households" element={<CrmHouseholdsPage />} />
              <Route path="households/:householdId" element={<CrmHouseholdPage />} />
              <Route path="reports" element={<ReportsPage />} />
              <Route path="custom-fields" element={<CustomFieldsPage />} />
              <Route path="deleted" element={<DeletedPage />} />
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
