import { useEffect, useState } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { Box, Group, Portal, Text, ThemeIcon, UnstyledButton, getDefaultZIndex } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconLockOpen } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { setAdminUnlocked } from '../lib/auth-storage';

export const ADMIN_IDLE_LOCK_MS = 900_000;
const DROP_ZONE_ID = 'vendor-admin-drop-zone';
const KEY_ID = 'vendor-admin-key';
const KEY_TITLE = 'Drag this key to unlock admin access';
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

export function unlockAdmin() {
  setAdminUnlocked(true);
  notifications.show({ color: 'green', title: 'Vendor Admin', message: 'Vendor Admin Menu Unlocked!' });
}

/**
 * Re-locks the admin menu after 15 minutes without mouse, keyboard, scroll or touch activity
 * (spec 1 §4). Checks elapsed time rather than trusting one long timer, which a sleeping phone delays.
 */
export function useAdminInactivityLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    let lastActivity = Date.now();
    const onActivity = () => {
      lastActivity = Date.now();
    };
    const check = () => {
      if (Date.now() - lastActivity < ADMIN_IDLE_LOCK_MS) return;
      setAdminUnlocked(false);
      notifications.show({
        color: 'orange',
        title: 'Vendor Admin',
        message: 'Admin access locked due to inactivity',
      });
    };
    for (const event of ACTIVITY_EVENTS)
      window.addEventListener(event, onActivity, { passive: true, capture: true });
    const interval = setInterval(check, 5_000);
    document.addEventListener('visibilitychange', check);
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true });
      clearInterval(interval);
      document.removeEventListener('visibilitychange', check);
    };
  }, [active]);
}

function KeyVisual({ dragging = false }: { dragging?: boolean }) {
  return (
    <ThemeIcon size={44} radius="xl" color="yellow" variant={dragging ? 'filled' : 'light'}>
      <IconKey size={22} />
    </ThemeIcon>
  );
}

function DraggableKey() {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: KEY_ID });
  return (
    <UnstyledButton
      ref={setNodeRef}
      {...listeners}
      {...attributes}
      title={KEY_TITLE}
      style={{ touchAction: 'none', opacity: isDragging ? 0.35 : 1, cursor: 'grab', borderRadius: 999 }}
    >
      <Group gap="xs" wrap="nowrap">
        <KeyVisual />
        <Text size="xs" c="dimmed" lh={1.3}>
          Drag the key to the top of the menu to unlock Vendor Admin
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** Room the page keeps at its foot for the floating key (44 px and its 12 px gap, and a margin). */
export const FLOATING_KEY_SPACE = 72;

/**
 * The Sales screen's key (spec 1 §2): floats over the page, above the opened menu on a phone (the app shell's
 * layer) and under dialogs (the modal layer), so it never covers a dialog's buttons.
 */
function FloatingKey() {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: KEY_ID });
  return (
    <Portal>
      <UnstyledButton
        ref={setNodeRef}
        {...listeners}
        {...attributes}
        aria-label="Vendor admin key: drag it onto the drop zone at the top of the menu to unlock admin access"
        title={KEY_TITLE}
        style={{
          position: 'fixed',
          right: 20,
          bottom: 12,
          zIndex: getDefaultZIndex('app') + 50,
          touchAction: 'none',
          opacity: isDragging ? 0.35 : 1,
          cursor: 'grab',
          borderRadius: 999,
          boxShadow: 'var(--mantine-shadow-md)',
        }}
      >
        <KeyVisual />
      </UnstyledButton>
    </Portal>
  );
}

function DropZone() {
  const { setNodeRef, isOver } = useDroppable({ id: DROP_ZONE_ID });
  return (
    <Box
      ref={setNodeRef}
      p="xs"
      aria-label="Vendor admin drop zone"
      style={{
        border: `2px dashed var(--mantine-color-${isOver ? 'green-6' : 'gray-4'})`,
        borderRadius: 'var(--mantine-radius-md)',
        background: isOver ? 'var(--mantine-color-green-0)' : 'transparent',
        transition: 'background-color 120ms, border-color 120ms',
      }}
    >
      <Text size="xs" c="dimmed" ta="center">
        Drop the key here to unlock Vendor Admin
      </Text>
    </Box>
  );
}

/**
 * The MD's Vendor Admin unlock (spec 1 §2): drag the key onto the drop zone at the top of the
 * sidebar. Mouse, touch and keyboard (space to pick up, arrows, space to drop) all work.
 */
export function AdminUnlockArea({
  enabled,
  unlocked,
  keyFloats = false,
  top,
  bottom,
  children,
}: {
  /** MD only. */
  enabled: boolean;
  unlocked: boolean;
  /** On the Sales screen the key floats over the page instead of sitting in the menu. */
  keyFloats?: boolean;
  top: (zone: ReactNode) => ReactNode;
  bottom: (key: ReactNode) => ReactNode;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 8 } }),
    useSensor(KeyboardSensor),
  );

  const onDragEnd = (event: DragEndEvent) => {
    setDragging(false);
    if (event.over?.id === DROP_ZONE_ID) unlockAdmin();
  };

  if (!enabled) {
    return (
      <>
        {top(null)}
        {children}
        {bottom(null)}
      </>
    );
  }

  const unlockedNote = (
    <Group gap={6} justify="center" c="green.7">
      <IconLockOpen size={16} aria-hidden="true" />
      <Text size="xs" fw={600}>
        Vendor Admin unlocked
      </Text>
    </Group>
  );

  return (
    <DndContext
      sensors={sensors}
      onDragStart={() => setDragging(true)}
      onDragCancel={() => setDragging(false)}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To pick up the key, press space or enter. Use the arrow keys to move it up to the drop zone, then press space or enter to drop it.',
        },
      }}
    >
      {top(unlocked ? unlockedNote : <DropZone />)}
      {children}
      {bottom(unlocked || keyFloats ? null : <DraggableKey />)}
      {!unlocked && keyFloats && <FloatingKey />}
      <DragOverlay dropAnimation={null}>{dragging ? <KeyVisual dragging /> : null}</DragOverlay>
    </DndContext>
  );
}
