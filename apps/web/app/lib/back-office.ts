import type { User } from '@shop/contracts/auth';
import { hasRole } from '@shop/domain/roles';

/**
 * Whether a signed-in user may open the back office (staff and owners). The one place the web
 * reads a role for it; the server checks the role again on every admin call.
 */
export function isBackOfficeUser(user: User | null | undefined): boolean {
  return user ? hasRole(user.role, 'staff') : false;
}

/** Paths of the back office: they get its own shell instead of the storefront's header. */
export function isBackOfficePath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * Where /login sends a user once signed in: a path of this site only (never `//host` or a URL),
 * so a crafted link cannot send her elsewhere.
 */
export function safeReturnPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null;
  }
  return value;
}
