import type { ReactNode } from 'react';
import { enumLabel, PERMISSION_LABELS, type Permission } from '@meridian/domain';
import { MessagePage } from '../../../components/message-page';
import { useSessionUser } from './auth-context';
import { useCan } from './use-can';

/**
 * What a page a role may not open shows instead (a link typed in, an old bookmark): which role the
 * user has, what the page needs, and the way back, rather than a page of refused requests.
 */
export function NotAllowed({ permission }: { permission: Permission }) {
  const user = useSessionUser();
  return (
    <MessagePage title="Your role does not allow this page" testId="not-allowed">
      Your role is {enumLabel('UserRole', user.role)}, and this page needs the permission “
      {PERMISSION_LABELS[permission]}”. Ask an administrator of your organization if you need it.
    </MessagePage>
  );
}

/** Renders `children` when the user's role holds `permission`, the NotAllowed state otherwise. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const can = useCan();
  return can(permission) ? children : <NotAllowed permission={permission} />;
}
