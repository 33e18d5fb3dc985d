import { hasPermission } from '@app/domain/permissions/check';
import { useAuth } from './use-auth';

/** Whether the stored session holds the key (the MD always does); the server checks again. */
export function useHasPermission(resourceKey: string): boolean {
  const auth = useAuth();
  return (
    auth.isAuthenticated &&
    hasPermission(
      { role: auth.role, permissions: auth.permissions, permission_codes: auth.permissionCodes },
      resourceKey,
    )
  );
}
