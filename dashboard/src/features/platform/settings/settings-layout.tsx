import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { LoadingState } from '../../../components/full-page-status';

const TABS = [
  { to: '/settings/organization', label: 'Organization', testId: 'settings-tab-organization' },
  { to: '/settings/teams', label: 'Teams', testId: 'settings-tab-teams' },
  { to: '/settings/profile', label: 'My profile', testId: 'settings-tab-profile' },
];

/** The practice's settings: the organization, its teams, and the signed-in user's profile. */
export default function SettingsLayout() {
  return (
    <div className="mx-auto max-w-4xl space-y-6" data-testid="settings-section">
      <nav aria-label="Settings" className="flex flex-wrap gap-1 border-b border-tremor-border">
        {TABS.map((tab) => (
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
