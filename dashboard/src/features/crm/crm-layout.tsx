import { SectionLayout } from '../../components/section-layout';
import { useCan } from '../platform/auth/use-can';

const TABS = [
  { to: '/crm/contacts', label: 'Contacts', testId: 'crm-tab-contacts' },
  { to: '/crm/leads', label: 'Leads', testId: 'crm-tab-leads' },
  { to: '/crm/households', label: 'Households', testId: 'crm-tab-households' },
  { to: '/crm/reports', label: 'Reports', testId: 'crm-tab-reports' },
  { to: '/crm/custom-fields', label: 'Custom fields', testId: 'crm-tab-custom-fields' },
];

/** The CRM section: contacts, leads, households, reports and custom fields. */
export default function CrmLayout() {
  const can = useCan();
  // Deleted records are for the roles that restore them.
  const tabs = can('RECORDS_RESTORE')
    ? [...TABS, { to: '/crm/deleted', label: 'Deleted', testId: 'crm-tab-deleted' }]
    : TABS;
  return <SectionLayout label="CRM" tabs={tabs} width="max-w-7xl" testId="crm-section" />;
}
