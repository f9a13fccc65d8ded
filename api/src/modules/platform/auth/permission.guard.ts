import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { can, DomainError, enumLabel, ErrorCode, permissionRefusal } from '@meridian/domain';
import { routeSpecOf } from '../../../common/http/api-route.js';
import { currentContext } from '../../../common/tenancy/request-context.js';

/**
 * Global guard, after `AuthGuard`: the one place the permission matrix (docs/PERMISSIONS.md) is
 * enforced. It reads the permission the route declares in its `@ApiRoute` and the caller's role;
 * a route that declares none is refused, so a new route cannot be open by omission. Which rows a
 * permitted caller reaches (their teams' households and contacts) is the tenancy layer's job.
 */
@Injectable()
export class PermissionGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const spec = routeSpecOf(context.getHandler());
    if (spec?.public) return true;
    const caller = currentContext()?.caller;
    if (!caller) return true; // AuthGuard has already refused a request without a caller.
    const permission = spec?.permission;
    if (!permission) {
      throw new DomainError(ErrorCode.FORBIDDEN, 'This route declares no permission, so nobody may use it');
    }
    if (can(caller, permission)) return true;
    throw new DomainError(ErrorCode.FORBIDDEN, permissionRefusal(permission, enumLabel('UserRole', caller.role)));
  }
}
