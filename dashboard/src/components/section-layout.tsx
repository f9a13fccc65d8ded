import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { LoadingState } from './full-page-status';

export interface SectionTab {
  to: string;
  label: string;
  testId: string;
}

/** A section of the app with its own tabs (CRM, Settings): the tab bar, then the open tab's page. */
export function SectionLayout({
  label,
  tabs,
  width,
  testId,
}: {
  /** What the tab bar is called for a screen reader. */
  label: string;
  tabs: readonly SectionTab[];
  width: 'max-w-4xl' | 'max-w-7xl';
  testId: string;
}) {
  return (
    <div className={`mx-auto ${width} space-y-6`} data-testid={testId}>
      <nav aria-label={label} className="flex flex-wrap gap-1 border-b border-tremor-border">
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
