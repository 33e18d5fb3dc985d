import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  EmptyState,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import {
  IconCurrencyNaira,
  IconHelpCircle,
  IconPackageImport,
  IconPlus,
  IconSearch,
  IconTruckDelivery,
  IconX,
} from '@tabler/icons-react';
import { DENIED_MESSAGES } from '@app/domain/permissions/denied';
import { errorMessage } from '../../../lib/api-client';
import { isMdRole } from '@app/domain/permissions/check';
import { useAuth } from '../../../lib/use-auth';
import { useHasPermission } from '../../../lib/use-has-permission';
import { notifyErrorText } from '../restock-notify';
import { usePurchases } from '../api/get-purchases';
import { useWarehouses } from '../api/get-warehouses';
import { AddItemModal } from './add-item-modal';
import { PurchaseTable } from './purchase-table';
import { RestockItemsModal } from './restock-items-modal';
import { UpdatePricesModal } from './update-prices-modal';
import { WarehouseSelect } from './warehouse-select';

/** Spec 3 §9: the 10 newest purchases. */
export const RECENT_PURCHASES_LIMIT = 10;

export const EMPTY_TEXTS = {
  title: 'No purchase data found',
  none: 'No purchases have been recorded yet.',
  noWarehouse: 'No warehouse is open to you yet: the MD can open one under Settings → Manage Access.',
  noMatch: 'No purchases match your search criteria.',
  action: 'Add First Item',
} as const;

export const PURCHASES_ERROR = 'Failed to fetch purchase data';

function ActionWithHelp({
  label,
  help,
  icon,
  color,
  onClick,
}: {
  label: string;
  help: string;
  icon: ReactNode;
  color?: string;
  onClick: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button leftSection={icon} color={color} onClick={onClick} style={{ flex: 1 }}>
        {label}
      </Button>
      <Tooltip label={help} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`About ${label}: ${help}`}>
          <IconHelpCircle size={20} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Adding an item (and the warehouse it may create) needs "Create inventory" (Manage Access). */
const CREATE_INVENTORY = 'inventory.create.access';

export function ManageItemsTab() {
  const [addOpened, add] = useDisclosure(false);
  const canCreate = useHasPermission(CREATE_INVENTORY);
  // The MD with no warehouse has simply bought nothing yet; an employee may have none opened to them.
  const isMd = isMdRole(useAuth().role);
  const openAdd = canCreate ? add.open : () => notifyErrorText(DENIED_MESSAGES[CREATE_INVENTORY]);
  const [restockOpened, restock] = useDisclosure(false);
  const [pricesOpened, prices] = useDisclosure(false);
  const [search, setSearch] = useState('');
  const [warehouse, setWarehouse] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const warehouses = useWarehouses();
  const purchases = usePurchases({
    skip: 0,
    limit: RECENT_PURCHASES_LIMIT,
    search: debouncedSearch || undefined,
    warehouse_name: warehouse || undefined,
    start_date: from || undefined,
    end_date: to || undefined,
  });
  const filtered = Boolean(search.trim() || warehouse || from || to);
  const rows = purchases.data?.rows ?? [];

  const clearFilters = () => {
    setSearch('');
    setWarehouse('');
    setFrom('');
    setTo('');
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <ActionWithHelp
          label="Add New Item"
          help="Create an item that is not in stock yet (in an existing or a new warehouse) and record its first purchase."
          icon={<IconPlus size={18} />}
          onClick={openAdd}
        />
        <ActionWithHelp
          label="Restock Items"
          help="Record a delivery of items you already stock, several at once, from one supplier."
          icon={<IconTruckDelivery size={18} />}
          color="teal"
          onClick={restock.open}
        />
        <ActionWithHelp
          label="Update Prices"
          help="Change the selling price, and optionally the barcode, of several items in a warehouse."
          icon={<IconCurrencyNaira size={18} />}
          color="orange"
          onClick={prices.open}
        />
      </SimpleGrid>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Title order={2} fz="lg" mb="sm">
          Recent Purchases
        </Title>
        <Grid gap="sm" mb="sm">
          <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
            <TextInput
              label="Search"
              placeholder="Item or supplier"
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              type="search"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
            <WarehouseSelect
              warehouses={warehouses.data ?? []}
              loading={warehouses.isPending}
              value={warehouse}
              onChange={setWarehouse}
              emptyLabel="All warehouses"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <TextInput
              type="date"
              label="From"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <TextInput
              type="date"
              label="To"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.currentTarget.value)}
            />
          </Grid.Col>
        </Grid>
        {filtered && (
          <Group justify="flex-end" mb="xs">
            <Button size="xs" variant="subtle" leftSection={<IconX size={14} />} onClick={clearFilters}>
              Clear filters
            </Button>
          </Group>
        )}

        {purchases.isError ? (
          <Alert color="red" role="alert" title={PURCHASES_ERROR}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(purchases.error, PURCHASES_ERROR)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void purchases.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : purchases.isSuccess && rows.length === 0 ? (
          <EmptyState
            icon={<IconPackageImport size={28} />}
            withIndicatorBackground
            title={EMPTY_TEXTS.title}
            description={
              filtered
                ? EMPTY_TEXTS.noMatch
                : !isMd && warehouses.data?.length === 0
                  ? EMPTY_TEXTS.noWarehouse
                  : EMPTY_TEXTS.none
            }
            py="lg"
          >
            <EmptyState.Actions>
              <Button leftSection={<IconPlus size={18} />} onClick={openAdd}>
                {EMPTY_TEXTS.action}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <PurchaseTable purchases={rows} loading={purchases.isPending} label="Recent purchases" />
        )}
      </Paper>

      <AddItemModal opened={addOpened} onClose={add.close} defaultWarehouse={warehouse} />
      <RestockItemsModal opened={restockOpened} onClose={restock.close} defaultWarehouse={warehouse} />
      <UpdatePricesModal opened={pricesOpened} onClose={prices.close} defaultWarehouse={warehouse} />
    </Stack>
  );
}
