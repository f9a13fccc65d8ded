import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { LoadingState } from '../../components/full-page-status';
import { useSessionUser } from '../platform/auth/auth-context';

const TABS = [
  { to: '/crm/contacts', label: 'Contacts', testId: 'crm-tab-contacts' },
  { to: '/crm/leads', label: 'Leads', testId: 'crm-tab-leads' },
  { to: '/crm/households', label: 'Households', testId: 'crm-tab-households' },
  { to: '/crm/reports', label: 'Reports', testId: 'crm-tab-reports' },
  { to: '/crm/custom-fields', label: 'Custom fields', testId: 'crm-tab-custom-fields' },
];

/** The CRM section: contacts, leads, households, reports and custom fields. */
export default function CrmLayout() {
  const user = useSessionUser();
  // Deleted records are restored by administrators only.
  const tabs =
    user.role === 'ADMIN' ? [...TABS, { to: '/crm/deleted', label: 'Deleted', testId: 'crm-tab-deleted' }] : TABS;
  return (
    <div className="mx-auto max-w-7xl space-y-6" data-testid="crm-section">
      <nav aria-label="CRM" className="flex flex-wrap gap-1 border-b border-tremor-border">
        {tabs.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            data-testid={tab.testId}
            className={({ isActive }) =>
              `-mb-px border-b-2 px-3 py-2 text-tremor-default font-medium ${
                isActive
                  ? 'border-tremor-brand text-tremor-brand-emphasis'
                  : 'border-transparent text-tremor-content hover:text-tremor-content-strong'
              }`
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
