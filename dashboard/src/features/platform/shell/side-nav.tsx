import { Fragment } from 'react';
import { NavLink } from 'react-router';
import { useCan } from '../auth/use-can';
import { useNotificationSummary } from '../notifications/notification-summary';
import { SECTIONS, type Section } from './sections';

const itemBase = 'flex items-center justify-between gap-2 rounded-tremor-small px-3 py-2 text-tremor-default';

function SectionItem({ section, onNavigate }: { section: Section; onNavigate?: () => void }) {
  if (!section.available) {
    return (
      <span
        className={`${itemBase} cursor-not-allowed text-tremor-content-subtle`}
        role="link"
        aria-disabled="true"
        data-testid={`nav-${section.key}`}
      >
        <span className="truncate">{section.label}</span>
        <span className="shrink-0 rounded-tremor-full bg-tremor-background-subtle px-2 py-0.5 text-[0.6875rem] font-medium leading-4 text-tremor-content">
          Coming soon
        </span>
      </span>
    );
  }
  return (
    <NavLink
      to={section.path}
      end
      onClick={onNavigate}
      data-testid={`nav-${section.key}`}
      className={({ isActive }) =>
        `${itemBase} font-medium transition-colors ${
          isActive
            ? 'bg-tremor-brand-faint text-tremor-brand-emphasis'
            : 'text-tremor-content-emphasis hover:bg-tremor-background-subtle hover:text-tremor-content-strong'
        }`
      }
    >
      {section.label}
    </NavLink>
  );
}

/** "My tasks": the caller's task list, with how many of their open tasks are overdue. */
function MyTasksItem({ onNavigate }: { onNavigate?: () => void }) {
  const { summary } = useNotificationSummary();
  const overdue = summary?.overdueTasks ?? 0;
  return (
    <NavLink
      to="/tasks"
      end
      onClick={onNavigate}
      data-testid="nav-my-tasks"
      className={({ isActive }) =>
        `${itemBase} font-medium transition-colors ${
          isActive
            ? 'bg-tremor-brand-faint text-tremor-brand-emphasis'
            : 'text-tremor-content-emphasis hover:bg-tremor-background-subtle hover:text-tremor-content-strong'
        }`
      }
    >
      <span className="truncate">My tasks</span>
      {overdue > 0 ? (
        <span
          className="shrink-0 rounded-tremor-full bg-red-100 px-2 py-0.5 text-[0.6875rem] font-medium leading-4 text-red-800"
          data-testid="my-tasks-overdue"
        >
          {overdue} overdue
        </span>
      ) : null}
    </NavLink>
  );
}

/** The sections the user's role may open (a section without a permission is everyone's). */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const can = useCan();
  const sections = SECTIONS.filter((section) => !section.permission || can(section.permission));
  return (
    <nav aria-label="Sections" className="px-3 py-4">
      <ul className="space-y-0.5">
        {sections.map((section) => (
          <Fragment key={section.key}>
            <li>
              <SectionItem section={section} onNavigate={onNavigate} />
            </li>
            {section.key === 'home' ? (
              <li>
                <MyTasksItem onNavigate={onNavigate} />
              </li>
            ) : null}
          </Fragment>
        ))}
      </ul>
    </nav>
  );
}
