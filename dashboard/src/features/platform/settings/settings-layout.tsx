import { SectionLayout } from '../../../components/section-layout';

const TABS = [
  { to: '/settings/organization', label: 'Organization', testId: 'settings-tab-organization' },
  { to: '/settings/teams', label: 'Teams', testId: 'settings-tab-teams' },
  { to: '/settings/profile', label: 'My profile', testId: 'settings-tab-profile' },
  { to: '/settings/calendars', label: 'Calendars', testId: 'settings-tab-calendars' },
];

/** The practice's settings: the organization, its teams, and the signed-in user's profile. */
export default function SettingsLayout() {
  return <SectionLayout label="Settings" tabs={TABS} width="max-w-4xl" testId="settings-section" />;
}
