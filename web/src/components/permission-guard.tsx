import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { hasPermission, isMdRole } from '@app/domain/permissions/check';
import { CheckingAccess } from './checking-access';
import { PermissionDenied } from './permission-denied';
import { usePermissionCheck } from '../lib/api/check-permission';
import { useMe } from '../lib/api/get-me';
import { useAuth } from '../lib/use-auth';

/**
 * The permission guard (spec 1 §4, §6): not signed in → /login; the MD passes; then the stored
 * permission codes and keys; then the server's check. No user id → denied.
 */
export function PermissionGuard({
  resourceKey,
  deniedText,
  children,
}: {
  resourceKey: string;
  /** The denied screen's sentence, where the section's spec words it its own way. */
  deniedText?: string;
  children: ReactNode;
}) {
  const auth = useAuth();
  const grantedLocally =
    auth.isAuthenticated &&
    hasPermission(
      { role: auth.role, permissions: auth.permissions, permission_codes: auth.permissionCodes },
      resourceKey,
    );
  const needsServerCheck = auth.isAuthenticated && !grantedLocally && auth.userId !== null;
  const check = usePermissionCheck(auth.userId, resourceKey, needsServerCheck);

  if (!auth.isAuthenticated) return <Navigate to="/login" replace />;
  if (isMdRole(auth.role) || grantedLocally) return <>{children}</>;
  if (needsServerCheck && check.isPending) return <CheckingAccess />;
  if (needsServerCheck && check.data?.has_permission === true) return <>{children}</>;
  return <DeniedForCurrentUser text={deniedText} />;
}

function DeniedForCurrentUser({ text }: { text: string | undefined }) {
  const auth = useAuth();
  const me = useMe(auth.isAuthenticated);
  return (
    <PermissionDenied
      account={me.data?.email || auth.username || null}
      role={me.data?.role ?? auth.role}
      text={text}
    />
  );
}
