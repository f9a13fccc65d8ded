import { Suspense, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { CommandPalette } from '../../../components/command-palette';
import { LoadingState } from '../../../components/full-page-status';
import { useAuth, useSessionUser } from '../auth/auth-context';
import { NotificationSummaryProvider } from '../notifications/notification-summary';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';

/** The signed-in layout: top bar, section navigation and the current page. */
export default function AppShell() {
  const user = useSessionUser();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [navOpen, setNavOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);

  function handleSignOut() {
    signOut();
    navigate('/login', { replace: true });
  }

  return (
    <NotificationSummaryProvider>
      <div className="min-h-screen bg-tremor-background-muted">
        <TopBar
          user={user}
          navOpen={navOpen}
          onToggleNav={() => setNavOpen((open) => !open)}
          onSignOut={handleSignOut}
          onSearch={() => setSearchOpen(true)}
        />
        <CommandPalette open={searchOpen} onOpenChange={setSearchOpen} />
        <div className="flex min-h-[calc(100vh-4rem)]">
          <aside
            id="side-navigation"
            className={`${navOpen ? 'block' : 'hidden'} fixed inset-x-0 bottom-0 top-16 z-10 overflow-y-auto border-r border-tremor-border bg-tremor-background md:static md:block md:w-72 md:shrink-0 md:overflow-visible`}
          >
            <div className="md:sticky md:top-16 md:max-h-[calc(100vh-4rem)] md:overflow-y-auto">
              <SideNav onNavigate={() => setNavOpen(false)} />
            </div>
          </aside>
          <main className="min-w-0 flex-1 px-4 py-6 sm:px-8 sm:py-8">
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </NotificationSummaryProvider>
  );
}
