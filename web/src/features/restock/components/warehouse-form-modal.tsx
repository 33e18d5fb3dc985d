import { Alert, Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useWarehouses } from '../api/get-warehouses';
import { WAREHOUSES_ERROR } from '../restock-notify';
import type { TWarehouse } from '../restock-types';

/**
 * The shell of the restock modals: full screen on phones, and the form only once the warehouses
 * are loaded. `canCreateWarehouse` (Add New Item) opens the form even when they failed to load;
 * `emptyMessage` replaces the form when there is no warehouse yet.
 */
export function WarehouseFormModal({
  opened,
  onClose,
  title,
  canCreateWarehouse = false,
  emptyMessage,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  canCreateWarehouse?: boolean;
  emptyMessage?: string;
  children: (warehouses: readonly TWarehouse[]) => ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const warehouses = useWarehouses();
  const loadError = warehouses.isError && errorMessage(warehouses.error, WAREHOUSES_ERROR);

  function body() {
    if (warehouses.isPending) {
      return (
        <Center py="xl">
          <Loader aria-label="Loading warehouses" />
        </Center>
      );
    }
    if (loadError && !canCreateWarehouse) {
      return (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      );
    }
    const list = warehouses.data ?? [];
    if (list.length === 0 && emptyMessage) {
      return (
        <Alert color="blue" variant="light" role="note">
          {emptyMessage}
        </Alert>
      );
    }
    return (
      <>
        {loadError && (
          <Alert color="red" variant="light" mb="md" role="alert">
            {loadError}
          </Alert>
        )}
        {children(list)}
      </>
    );
  }

  // The dialog took focus (its close button) while the warehouses loaded: once the form is drawn, its first
  // field to type into has it.
  const content = useRef<HTMLDivElement>(null);
  const formShown = opened && !warehouses.isPending;
  useEffect(() => {
    if (formShown) content.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [formShown]);

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" fullScreen={phone}>
      <div ref={content}>{opened && body()}</div>
    </Modal>
  );
}
