import type { ReactNode } from 'react';
import { Center, Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { isMdRole } from '@app/domain/permissions/check';
import { FreePlanLimitNotice } from '../features/billing/components/free-plan-limit-notice';
import { isFreeLimitReached, useSubscriptionStatus } from '../lib/api/get-subscription-status';
import { getSection, type TSectionId } from '../lib/sections';
import { UPGRADE_LOCATION_STATE } from '../lib/upgrade-navigation';
import { useAuth } from '../lib/use-auth';
import { useHasPermission } from '../lib/use-has-permission';
import { PermissionGuard } from '../components/permission-guard';

/** Sections whose spec words the denied screen its own way. */
const DENIED_TEXT_OF: Partial<Record<TSectionId, string>> = {
  'admin-review':
    'You do not have permission to access this page. Please contact your administrator (MD) to grant you access.',
};

function VendorAdminDenied() {
  return (
    <Center py="xl">
      <Paper withBorder radius="lg" p="xl" maw={520} w="100%">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={52} radius="xl" color="red" variant="light" aria-hidden="true">
            <IconLock size={28} />
          </ThemeIcon>
          <Title order={2} size="h4">
            Access Denied - You do not have permission to access this page. Please unlock the admin menu
            first.
          </Title>
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * What stands between a section and the user: the vendor-admin unlock, then the permission guard for
 * sections with a key. Past the free limit a notice stands above every section but the dashboard; the
 * section stays open for reading (only recording is refused, by the server).
 */
export function SectionGate({ sectionId, children }: { sectionId: TSectionId; children: ReactNode }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const status = useSubscriptionStatus();
  const isMd = isMdRole(auth.role);
  const notice =
    sectionId !== 'dashboard' && isFreeLimitReached(status.data) ? (
      <FreePlanLimitNotice
        transactionCount={status.data?.transaction_count}
        isMd={isMd}
        onUpgrade={() => void navigate('/dashboard', { state: UPGRADE_LOCATION_STATE })}
      />
    ) : null;
  return (
    <>
      {notice}
      <GuardedSection sectionId={sectionId} isMd={isMd} adminUnlocked={auth.adminUnlocked}>
        {children}
      </GuardedSection>
    </>
  );
}

function GuardedSection({
  sectionId,
  isMd,
  adminUnlocked,
  children,
}: {
  sectionId: TSectionId;
  isMd: boolean;
  adminUnlocked: boolean;
  children: ReactNode;
}) {
  const { permission, alsoOpenedBy } = getSection(sectionId);
  const openedByOtherKey = useHasPermission(alsoOpenedBy ?? '') && alsoOpenedBy !== undefined;
  if (sectionId === 'vendor-admin') {
    return isMd && adminUnlocked ? <>{children}</> : <VendorAdminDenied />;
  }
  if (openedByOtherKey) return <>{children}</>;
  return permission ? (
    <PermissionGuard resourceKey={permission} deniedText={DENIED_TEXT_OF[sectionId]}>
      {children}
    </PermissionGuard>
  ) : (
    <>{children}</>
  );
}
