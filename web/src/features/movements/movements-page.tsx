import { Alert, Loader, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconBuildingStore, IconTrashX } from '@tabler/icons-react';
import type { TTransferType } from '@app/domain/schemas/movements';
import { errorMessage } from '../../lib/api-client';
import { formatCount } from '../../lib/format';
import { useMovementCount, useMovementWarehouses } from './api/get-movement-data';
import { MovementForm } from './components/movement-form';
import { MovementHistory } from './components/movement-history';

const CARDS: { type: TTransferType; label: string; icon: typeof IconArrowsExchange }[] = [
  { type: 'warehouse_transfer', label: 'Warehouse Transfers', icon: IconArrowsExchange },
  { type: 'customer_sale', label: 'Customer Sales', icon: IconBuildingStore },
  { type: 'stockout', label: 'Write-offs', icon: IconTrashX },
];
const TABS: { type: TTransferType; label: string }[] = [
  { type: 'warehouse_transfer', label: 'Warehouse Transfer' },
  { type: 'customer_sale', label: 'B2B to Customer' },
  { type: 'stockout', label: 'Stockout / Write-off' },
];

function SummaryCard({ type, label, icon: Icon }: (typeof CARDS)[number]) {
  const count = useMovementCount(type);
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        <Icon size={16} aria-hidden="true" style={{ verticalAlign: 'middle', marginRight: 4 }} />
        {label}
      </Text>
      <Text fz="xl" fw={700} aria-label={`${label}: ${count.data ?? 0}`}>
        {count.data === undefined ? '…' : formatCount(count.data)}
      </Text>
    </Paper>
  );
}

/** B2B Stock Movement (spec 3 §2.4): summary cards, the three forms and Movement History. */
export function MovementsPage() {
  const warehouses = useMovementWarehouses();
  const names = warehouses.data ?? [];
  return (
    <Stack gap="md">
      <Title order={2}>B2B Stock Movement</Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {CARDS.map((card) => (
          <SummaryCard key={card.type} {...card} />
        ))}
      </SimpleGrid>
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        {warehouses.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(warehouses.error, 'Failed to load warehouses')}
          </Alert>
        ) : warehouses.isPending ? (
          <Loader aria-label="Loading warehouses" />
        ) : (
          <Tabs defaultValue="warehouse_transfer" keepMounted={false}>
            <Tabs.List mb="md">
              {TABS.map((tab) => (
                <Tabs.Tab key={tab.type} value={tab.type}>
                  {tab.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TABS.map((tab) => (
              <Tabs.Panel key={tab.type} value={tab.type}>
                <MovementForm type={tab.type} warehouses={names} />
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </Paper>
      <MovementHistory warehouses={names} />
    </Stack>
  );
}
