import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { enumLabel, PERMISSION_LABELS, type Permission } from '@meridian/domain';
import { useSessionUser } from './auth-context';
import { useCan } from './use-can';

/**
 * What a page a role may not open shows instead (a link typed in, an old bookmark): which role the
 * user has, what the page needs, and the way back, rather than a page of refused requests.
 */
export function NotAllowed({ permission }: { permission: Permission }) {
  const user = useSessionUser();
  return (
    <div className="mx-auto max-w-xl py-16 text-center" data-testid="not-allowed">
      <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">
        Your role does not allow this page
      </h1>
      <p className="mt-2 text-tremor-default text-tremor-content">
        Your role is {enumLabel('UserRole', user.role)}, and this page needs the permission “
        {PERMISSION_LABELS[permission]}”. Ask an administrator of your organization if you need it.
      </p>
      <Link
        to="/"
        className="mt-6 inline-block text-tremor-default font-medium text-tremor-brand hover:text-tremor-brand-emphasis"
      >
        Back to Home
      </Link>
    </div>
  );
}

/** Renders `children` when the user's role holds `permission`, the NotAllowed state otherwise. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const can = useCan();
  return can(permission) ? children : <NotAllowed permission={permission} />;
}
