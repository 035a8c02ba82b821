import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '../contracts/roles';
import type { AuthUser } from './auth-user';

export const IS_PUBLIC = 'isPublic';
/** Marks a route that needs no sign-in; every other route does. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const ROLES_KEY = 'roles';
/** Limits a route to the given roles (checked after sign-in). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

export const DRIVERS_TOO = 'driversToo';
/**
 * Opens a route with no @Roles to drivers too (their own account: profile, password, sign-out). Every other route
 * refuses a driver (403) unless its @Roles names `driver`: a driver sees their own assignments and nothing else.
 */
export const DriversToo = () => SetMetadata(DRIVERS_TOO, true);

/** The signed-in user, as taken from the verified token and the database. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
