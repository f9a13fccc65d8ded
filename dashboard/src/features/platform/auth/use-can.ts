import { useCallback } from 'react';
import { can, type Permission } from '@meridian/domain';
import { useSessionUser } from './auth-context';

/**
 * What the signed-in user's role may do (docs/PERMISSIONS.md): `const can = useCan();` then
 * `can('CRM_DELETE') && <Button>Delete</Button>`. The domain's `ROLE_PERMISSIONS` answers, the
 * table the API's guard reads too, so the dashboard never offers what the API would refuse; no
 * component compares role names. Only for components rendered behind <RequireAuth>.
 */
export function useCan(): (permission: Permission) => boolean {
  const user = useSessionUser();
  return useCallback((permission: Permission) => can(user, permission), [user]);
}
