import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEdit } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { businessDate } from '@app/domain/dates/business-date';
import { isMdRole } from '@app/domain/permissions/check';
import { useAuth } from '../../lib/use-auth';
import { useWarehouses } from './api/get-warehouses';
import { DeleteTab } from './components/delete-tab';
import { EditInventoryModal } from './components/edit-inventory-modal';
import { failureText } from './components/failure';
import { FilterTab } from './components/filter-tab';
import { HomeTab } from './components/home-tab';
import { ReportsTab } from './components/reports-tab';
import { useHasPermission } from '../../lib/use-has-permission';
import { INVENTORY_PERMISSIONS } from './components/inventory-permissions';

/** Spec 2 §9: the adjustment's success message clears after 5 s. */
export const SUCCESS_CLEARS_MS = 5000;

const TABS = [
  { value: 'home', label: 'Home' },
  { value: 'filter', label: 'Filter' },
  { value: 'reports', label: 'Reports' },
  { value: 'delete', label: 'Delete' },
] as const;
type TTab = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is TTab {
  return TABS.some((tab) => tab.value === value);
}

/** Inventory (spec 2 §2): Home, Filter, Reports, Delete, and the Edit Inventory modal. */
export function InventoryPage() {
  const auth = useAuth();
  // Employees see and record today only (Africa/Lagos); the server enforces it too.
  const dateLocked = !isMdRole(auth.role);
  const today = businessDate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TTab = isTab(requested) ? requested : 'home';
  const setTab = useCallback(
    (value: string | null) => setParams(value && value !== 'home' ? { tab: value } : {}, { replace: true }),
    [setParams],
  );

  const warehouses = useWarehouses();
  const [warehouse, setWarehouse] = useState<string | null>(null);
  const [homeDate, setHomeDate] = useState(today);
  const canEdit = useHasPermission(INVENTORY_PERMISSIONS.edit);
  const [editOpened, edit] = useDisclosure(false);
  const [notice, setNotice] = useState<{ at: number; text: string } | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), SUCCESS_CLEARS_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const { close: closeEdit } = edit;
  const onAdjusted = useCallback(
    (logDate: string, message: string) => {
      closeEdit();
      setNotice({ at: Date.now(), text: message });
      if (!dateLocked) setHomeDate(logDate);
      setTab('home');
    },
    [closeEdit, dateLocked, setTab],
  );

  const warehouseOptions = [
    { value: '', label: warehouses.isPending ? 'Loading warehouses...' : 'All warehouses' },
    ...(warehouses.data ?? []).map((w) => ({ value: w.warehouse_name, label: w.warehouse_name })),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label="Warehouse"
          data={warehouseOptions}
          value={warehouse ?? ''}
          onChange={(event) => setWarehouse(event.currentTarget.value || null)}
          disabled={warehouses.isPending}
          w={{ base: '100%', xs: 280 }}
        />
        {canEdit && (
          <Button leftSection={<IconEdit size={18} />} variant="light" onClick={edit.open}>
            Edit Inventory
          </Button>
        )}
      </Group>
      {warehouses.isError && (
        <Alert color="red" role="alert">
          {failureText('Failed to load inventory data', warehouses.error)}
        </Alert>
      )}
      {warehouses.isSuccess && warehouses.data.length === 0 && (
        <Alert color="blue" variant="light">
          No warehouses yet. Add items through Restock to create one; the MD can open a warehouse to employees
          under Settings → Manage Access.
        </Alert>
      )}
      {notice && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      )}

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} bg="white">
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            {TABS.map((item) => (
              <Tabs.Tab key={item.value} value={item.value}>
                {item.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {/* Panels unmount when hidden, so Home's 8-second refresh runs only while Home is shown. */}
          <Tabs.Panel value="home">
            <HomeTab
              warehouse={warehouse}
              date={homeDate}
              onDateChange={setHomeDate}
              today={today}
              dateLocked={dateLocked}
            />
          </Tabs.Panel>
          <Tabs.Panel value="filter">
            <FilterTab warehouse={warehouse} today={today} />
          </Tabs.Panel>
          <Tabs.Panel value="reports">
            <ReportsTab today={today} warehouse={warehouse} />
          </Tabs.Panel>
          <Tabs.Panel value="delete">
            <DeleteTab key={warehouse ?? ''} warehouse={warehouse} />
          </Tabs.Panel>
        </Tabs>
      </Paper>

      {canEdit && (
        <EditInventoryModal
          opened={editOpened}
          onClose={edit.close}
          warehouse={warehouse}
          onAdjusted={onAdjusted}
        />
      )}
    </Stack>
  );
}
