import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  AppShell,
  Box,
  Burger,
  Button,
  Center,
  Group,
  Loader,
  NavLink,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDotsVertical, IconLogout, IconMessage2, IconRocket } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useMatches, useNavigate, useNavigation } from 'react-router';
import { isMdRole } from '@app/domain/permissions/check';
import { displayRole } from '../components/permission-denied';
import { api } from '../lib/api-client';
import { useMyPermissionsRefresh } from '../lib/api/get-my-permissions';
import {
  isFreeLimitReached,
  isOnFreeTerms,
  subscriptionKeys,
  useSubscriptionStatus,
} from '../lib/api/get-subscription-status';
import { clearAllStorage } from '../lib/auth-storage';
import { PRODUCT_NAME } from '../lib/brand';
import { getSection, sectionPath, visibleSections, type TSectionHandle } from '../lib/sections';
import { clearSubscriptionBlocked, useSubscriptionBlock } from '../lib/subscription-block';
import { UPGRADE_LOCATION_STATE } from '../lib/upgrade-navigation';
import { useConfirmLeavingUnsaved } from '../lib/unsaved-changes';
import { useAuth } from '../lib/use-auth';
import { useDocumentTitle } from '../lib/use-document-title';
import { AdminUnlockArea, FLOATING_KEY_SPACE, useAdminInactivityLock } from './admin-unlock';
import { FreeTransactionsBadge, PlanBadge } from './plan-badges';
import { SectionGate } from './section-gate';
import { useWaitingForStatus } from './status-wait';
import { confirmLogout, SyncStatus } from '../components/sync-status';

// The feedback form (its form library and schemas) loads on the first tap of Feedback.
const FeedbackModal = lazy(() =>
  import('../features/feedback/components/feedback-modal').then((m) => ({ default: m.FeedbackModal })),
);

export const FREE_LIMIT_WARNING = 'You have reached the free plan limit. Please upgrade to continue.';

/** The dashboard shell (spec 1 §2): sidebar, header, top bar, and the current section. */
export function DashboardShell() {
  const auth = useAuth();
  const isMd = isMdRole(auth.role);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const queryClient = useQueryClient();
  const matches = useMatches();
  useConfirmLeavingUnsaved();
  const [mobileOpened, mobileNav] = useDisclosure(false);
  const [desktopOpened, desktopNav] = useDisclosure(true);
  const [feedbackOpened, feedbackModal] = useDisclosure(false);
  const [feedbackLoaded, setFeedbackLoaded] = useState(false);
  const feedback = {
    open: () => {
      setFeedbackLoaded(true);
      feedbackModal.open();
    },
    close: feedbackModal.close,
  };
  const [actionsOpened, actions] = useDisclosure(false);
  // On a phone the plan's two badges are one size smaller, so they share one row. Read on the first render:
  // asked in an effect, it re-rendered the whole shell on every phone.
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  // On a phone the closed menu is off-screen and inert: its links are drawn when it first opens, not
  // beside the section on a slow phone's first screen.
  const [menuDrawn, setMenuDrawn] = useState(!phone);
  if (!menuDrawn && (!phone || mobileOpened)) setMenuDrawn(true);

  const handle = matches.at(-1)?.handle as TSectionHandle | undefined;
  const sectionId = handle?.section ?? 'dashboard';
  const keyFloats = isMd && !auth.adminUnlocked && sectionId === 'sales';
  const section = getSection(sectionId);
  const status = useSubscriptionStatus();
  const waitingForStatus = useWaitingForStatus(status);
  // The status's answer is a synchronous render (useSyncExternalStore); the section then mounts in a deferred
  // render, which React splits into short tasks, so the phone's main thread is not blocked while it mounts.
  const sectionReady = useDeferredValue(!waitingForStatus);
  const block = useSubscriptionBlock();
  const limitReached = isFreeLimitReached(status.data);
  const showUpgrade = isMd && Boolean(status.data) && isOnFreeTerms(status.data);

  useMyPermissionsRefresh(auth.isAuthenticated, section.id);
  useAdminInactivityLock(isMd && auth.adminUnlocked);

  useDocumentTitle(section.name);

  // Warn once each time the free limit is reached (spec 1 §4); a later upgrade clears the state.
  const warned = useRef(false);
  useEffect(() => {
    if (limitReached && !warned.current) {
      warned.current = true;
      notifications.show({
        color: 'yellow',
        title: 'Free plan limit',
        message: FREE_LIMIT_WARNING,
        autoClose: 5000,
        // Not over the header, where Upgrade Now is.
        position: 'bottom-center',
      });
    } else if (!limitReached) {
      warned.current = false;
    }
  }, [limitReached]);

  // A call answered "Subscription expired" / "limit exceeded": the plan changed under us.
  useEffect(() => {
    if (block.blocked) void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
  }, [block.blocked, queryClient]);

  const logout = async () => {
    // Queued records stay on the device for this user; the logout only asks first.
    if (!confirmLogout()) return;
    try {
      await api.post('/auth/logout');
    } catch {
      // The session may already be gone; the browser forgets it either way.
    }
    clearAllStorage();
    queryClient.clear();
    void navigate('/login', { replace: true });
  };

  const upgrade = () => {
    mobileNav.close();
    void navigate('/dashboard', { state: UPGRADE_LOCATION_STATE });
  };

  // The screen and the menu stay the same elements while their inputs do: the shell's own updates (the plan
  // status, the permissions, a navigation starting) are synchronous renders, and on a slow phone re-rendering
  // the whole screen inside each one was the longest task of a page's start. SectionGate and the screen still
  // follow the status, the session and the route themselves.
  const sectionScreen = useMemo(
    () => (
      <SectionGate key={sectionId} sectionId={sectionId}>
        <Outlet />
      </SectionGate>
    ),
    [sectionId],
  );
  const menuLinks = useMemo(
    () =>
      visibleSections(auth).map((item) => (
        <NavLink
          key={item.id}
          component={Link}
          to={sectionPath(item.id)}
          label={item.name}
          leftSection={<item.icon size={20} stroke={1.6} />}
          active={item.id === sectionId}
          aria-current={item.id === sectionId ? 'page' : undefined}
          onClick={mobileNav.close}
          styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
        />
      )),
    [auth, sectionId, mobileNav.close],
  );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding={{ base: 'sm', sm: 'md' }}
    >
      <AppShell.Header px={{ base: 'sm', sm: 'md' }}>
        <Group h="100%" gap="sm" wrap="nowrap">
          <Burger
            opened={mobileOpened}
            onClick={mobileNav.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={mobileOpened ? 'Close menu' : 'Open menu'}
          />
          <Burger
            opened={desktopOpened}
            onClick={desktopNav.toggle}
            visibleFrom="sm"
            size="sm"
            aria-label={desktopOpened ? 'Collapse sidebar' : 'Expand sidebar'}
          />
          <Text fw={800} visibleFrom="md" c="indigo.8" style={{ whiteSpace: 'nowrap' }}>
            ₦ {PRODUCT_NAME}
          </Text>
          <Title
            order={1}
            fz={{ base: 'lg', sm: 'xl' }}
            style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}
          >
            {section.name}
          </Title>
          <Box visibleFrom="sm" style={{ minWidth: 0 }}>
            <PlanBadge status={status.data} />
          </Box>
          {navigation.state === 'loading' && <Loader size="xs" ml="auto" aria-label="Loading page" />}
          <SyncStatus ml="auto" />
          {/* On a phone the top bar's buttons wait behind one button, so the section starts near the top. */}
          <Popover
            position="bottom-end"
            width={240}
            shadow="md"
            opened={actionsOpened}
            onChange={actions.set}
          >
            <Popover.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                hiddenFrom="sm"
                aria-label="More actions"
                aria-expanded={actionsOpened}
                onClick={actions.toggle}
              >
                <IconDotsVertical size={20} />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown aria-label="More actions">
              <Stack gap="xs">
                <Text size="sm" fw={500}>
                  Welcome, {auth.username || 'User'}
                </Text>
                <Button
                  color="green"
                  leftSection={<IconMessage2 size={18} />}
                  onClick={() => {
                    actions.close();
                    feedback.open();
                  }}
                >
                  Feedback
                </Button>
                {showUpgrade && (
                  <Button
                    color="orange"
                    leftSection={<IconRocket size={18} />}
                    onClick={() => {
                      actions.close();
                      upgrade();
                    }}
                  >
                    Upgrade Now
                  </Button>
                )}
              </Stack>
            </Popover.Dropdown>
          </Popover>
        </Group>
      </AppShell.Header>

      {/* A closed menu sits off-screen: inert, so the keyboard does not walk through it unseen. */}
      <AppShell.Navbar p="sm" aria-label="Main menu" inert={phone ? !mobileOpened : !desktopOpened}>
        <AdminUnlockArea
          enabled={isMd}
          unlocked={auth.adminUnlocked}
          keyFloats={keyFloats}
          top={(zone) => (zone ? <AppShell.Section mb="sm">{zone}</AppShell.Section> : null)}
          bottom={(key) =>
            menuDrawn && (
              <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
                <Stack gap="sm">
                  {key}
                  <div>
                    <Text fw={600} size="sm" truncate>
                      {auth.username || 'User'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {displayRole(auth.role)}
                    </Text>
                  </div>
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconLogout size={18} />}
                    onClick={() => void logout()}
                    fullWidth
                  >
                    Logout
                  </Button>
                </Stack>
              </AppShell.Section>
            )
          }
        >
          {menuDrawn && (
            <AppShell.Section grow component={ScrollArea} type="auto">
              <nav aria-label="Sections">{menuLinks}</nav>
            </AppShell.Section>
          )}
        </AdminUnlockArea>
      </AppShell.Navbar>

      {/* Room under the page for the floating key, so it does not cover the last row or a chart's corner. */}
      <AppShell.Main bg="var(--mantine-color-gray-0)" pb={keyFloats ? FLOATING_KEY_SPACE : undefined}>
        <Group justify="space-between" gap="sm" mb={{ base: 'xs', sm: 'md' }} wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Box hiddenFrom="sm">
              <PlanBadge status={status.data} size="md" />
            </Box>
            <FreeTransactionsBadge status={status.data} size={phone ? 'md' : 'lg'} />
          </Group>
          <Group gap="xs" wrap="wrap" visibleFrom="sm">
            <Button color="green" leftSection={<IconMessage2 size={18} />} onClick={feedback.open}>
              Feedback
            </Button>
            {showUpgrade && (
              <Button color="orange" leftSection={<IconRocket size={18} />} onClick={upgrade}>
                Upgrade Now
              </Button>
            )}
            <Text size="sm" fw={500}>
              Welcome, {auth.username || 'User'}
            </Text>
          </Group>
        </Group>

        {block.blocked && block.message && (
          <Alert
            color="red"
            mb="md"
            role="alert"
            title="Upgrade needed"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={clearSubscriptionBlocked}
          >
            {block.message}
          </Alert>
        )}

        {waitingForStatus || !sectionReady ? (
          <Center mih={300}>
            <Stack align="center" gap="sm" role="status">
              <Loader />
              <Text c="dimmed">Loading dashboard...</Text>
            </Stack>
          </Center>
        ) : (
          sectionScreen
        )}
      </AppShell.Main>

      {feedbackLoaded && (
        <Suspense fallback={null}>
          <FeedbackModal opened={feedbackOpened} onClose={feedback.close} userId={auth.userId} />
        </Suspense>
      )}
    </AppShell>
  );
}
