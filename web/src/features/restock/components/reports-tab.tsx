import { useState, type ReactNode } from 'react';
import {
  Alert,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import { IconBuildingWarehouse, IconCash, IconPackages, IconReceipt } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client';
import { formatCount, formatMoney } from '../../../lib/format';
import { useRestockSummary } from '../api/get-restock-summary';
import { last30Days, type TDateRange } from '../date-range';
import { DateRangeInputs } from './date-range-inputs';
import { PURCHASES_ERROR } from './manage-items-tab';
import { formatBusinessDate } from './purchase-table';
import { purchaseStatusText } from './purchase-status';

function SummaryCard({
  label,
  value,
  hint,
  icon,
  color,
  loading,
}: {
  label: string;
  value: string;
  hint?: string;
  icon: ReactNode;
  color: string;
  loading: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size="md" radius="md" aria-hidden="true">
          {icon}
        </ThemeIcon>
      </Group>
      {loading ? (
        <Skeleton h={28} w={120} mt={6} />
      ) : (
        <Text fz={{ base: 20, sm: 22 }} fw={700} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      )}
      {hint && !loading && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

export function ReportsTab() {
  const [range, setRange] = useState<TDateRange>(() => last30Days());
  const summary = useRestockSummary({
    start_date: range.start || undefined,
    end_date: range.end || undefined,
  });
  const figures = summary.data;
  const rows = figures?.recent ?? [];
  const loading = summary.isPending;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DateRangeInputs idPrefix="reports" value={range} onChange={setRange} />
      </Paper>
      {summary.isError && (
        <Alert color="red" role="alert">
          {errorMessage(summary.error, PURCHASES_ERROR)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
        <SummaryCard
          label="Total Purchases"
          value={formatCount(figures?.total_purchases ?? 0)}
          icon={<IconReceipt size={18} />}
          color="indigo"
          loading={loading}
        />
        <SummaryCard
          label="Total Amount"
          value={formatMoney(figures?.total_amount ?? 0)}
          hint={
            figures && figures.outstanding > 0 ? `${formatMoney(figures.outstanding)} outstanding` : undefined
          }
          icon={<IconCash size={18} />}
          color="green"
          loading={loading}
        />
        <SummaryCard
          label="Items Restocked"
          value={formatCount(figures?.items_restocked ?? 0)}
          hint={`${formatCount(figures?.units_restocked ?? 0)} units`}
          icon={<IconPackages size={18} />}
          color="orange"
          loading={loading}
        />
        <SummaryCard
          label="Warehouses"
          value={formatCount(figures?.warehouses ?? 0)}
          icon={<IconBuildingWarehouse size={18} />}
          color="teal"
          loading={loading}
        />
      </SimpleGrid>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Title order={2} fz="lg" mb="sm">
          Recent Activity
        </Title>
        {loading ? (
          <Stack gap="xs">
            <Skeleton h={18} />
            <Skeleton h={18} />
            <Skeleton h={18} />
          </Stack>
        ) : rows.length === 0 ? (
          <Text c="dimmed">No purchases in this period.</Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2}>
            {rows.map((purchase) => (
              <Timeline.Item
                key={purchase.purchase_id}
                title={
                  <Text fw={600} size="sm">
                    {purchase.item_name}: {formatCount(purchase.supplied_quantity)} from{' '}
                    {purchase.supplier_name}
                  </Text>
                }
              >
                <Text size="sm" c="dimmed">
                  {formatMoney(purchase.total_price_paid)} · {purchaseStatusText(purchase)} ·{' '}
                  {purchase.warehouse_name} · {formatBusinessDate(purchase.purchase_date)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>
    </Stack>
  );
}
