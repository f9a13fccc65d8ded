import { NavLink } from 'react-router';
import { useAuth } from '../auth/auth-context';
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

export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { state } = useAuth();
  const operator = state.status === 'signed-in' && state.user.platformOperator;
  return (
    <nav aria-label="Sections" className="px-3 py-4">
      <ul className="space-y-0.5">
        {SECTIONS.filter((section) => operator || !section.operatorOnly).map((section) => (
          <li key={section.key}>
            <SectionItem section={section} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
