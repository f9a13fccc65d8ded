import { Badge, Button } from '@tremor/react';
import type { SessionUser } from '@meridian/domain';
import { FirmLogo } from '../branding/firm-logo';
import { NotificationBell } from '../notifications/notification-bell';
import { roleLabel } from '../auth/role-labels';
import { UserAvatar } from './user-avatar';

interface TopBarProps {
  user: SessionUser;
  navOpen: boolean;
  onToggleNav: () => void;
  onSignOut: () => void;
  onSearch: () => void;
}

export function TopBar({ user, navOpen, onToggleNav, onSignOut, onSearch }: TopBarProps) {
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-4 border-b border-tremor-border bg-tremor-background px-4 sm:px-6">
      <button
        type="button"
        className="rounded-tremor-small p-1.5 text-tremor-content-emphasis hover:bg-tremor-background-subtle md:hidden"
        aria-label={navOpen ? 'Close navigation' : 'Open navigation'}
        aria-expanded={navOpen}
        aria-controls="side-navigation"
        onClick={onToggleNav}
      >
        <svg className="h-5 w-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <path d="M3 5h14v1.5H3zM3 9.25h14v1.5H3zM3 13.5h14V15H3z" />
        </svg>
      </button>
      <FirmLogo organizationName={user.organizationName} />
      <span className="hidden h-6 w-px bg-tremor-border sm:block" aria-hidden="true" />
      <p
        className="min-w-0 truncate text-tremor-default font-medium text-tremor-content-strong"
        data-testid="organization-name"
      >
        {user.organizationName}
      </p>

      <div className="ml-auto flex items-center gap-3">
        <button
          type="button"
          className="flex items-center gap-2 rounded-tremor-small border border-tremor-border px-3 py-1.5 text-tremor-default text-tremor-content hover:bg-tremor-background-subtle"
          onClick={onSearch}
          aria-keyshortcuts="Control+K Meta+K"
          data-testid="search-button"
        >
          Search
          <kbd className="hidden rounded border border-tremor-border px-1 text-tremor-label sm:inline">Ctrl K</kbd>
        </button>
        <NotificationBell />
        <UserAvatar name={user.name} />
        <div className="hidden text-right sm:block">
          <p className="text-tremor-default font-medium text-tremor-content-strong" data-testid="user-name">
            {user.name}
          </p>
          <p className="text-tremor-label text-tremor-content">{user.email}</p>
        </div>
        <Badge color="blue" size="xs" className="hidden sm:inline-flex" data-testid="user-role">
          {roleLabel(user.role)}
        </Badge>
        <Button variant="secondary" size="xs" onClick={onSignOut}>
          Sign out
        </Button>
      </div>
    </header>
  );
}
