import { SectionLayout } from '../../components/section-layout';
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
  return <SectionLayout label="CRM" tabs={tabs} width="max-w-7xl" testId="crm-section" />;
}
