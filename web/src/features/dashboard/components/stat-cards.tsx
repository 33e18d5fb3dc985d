import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCurrencyNaira, IconPackage, IconUsers, IconUsersGroup, type Icon } from '@tabler/icons-react';
import { formatCount, formatMoney } from '../../../lib/format';
import { useHasPermission } from '../../../lib/use-has-permission';
import { useDashboardStats } from '../api/get-dashboard-stats';
import classes from '../dashboard.module.css';

type TCard = { label: string; value: string | null; icon: Icon; color: string };
type TShownCard = TCard & { value: string };

/** A figure the server leaves out (null) is one the user's keys do not show: its card is not drawn. */
const figure = <T,>(value: T | null | undefined, format: (value: T) => string, fallback: T) =>
  value === null ? null : format(value ?? fallback);

/**
 * The four stat cards, for those with the dashboard key; every figure defaults to 0 (spec 1 §2), and a
 * card shows only when the user's keys let them see its figure.
 */
export function StatCards() {
  const mayOpen = useHasPermission('dashboard.page.access');
  return mayOpen ? <StatCardsGrid /> : null;
}

/** What a card shows when its figure could not be read: not a 0 the owner could take for real. */
const UNREAD = '—';

function StatCardsGrid() {
  const stats = useDashboardStats();
  const unread = stats.isError && !stats.data;
  const data = stats.data ?? {};
  const cards = (
    [
      {
        label: 'Total Sales',
        value: figure(data.total_sales, formatMoney, 0),
        icon: IconCurrencyNaira,
        color: 'green',
      },
      {
        label: 'Inventory Items',
        value: figure(data.inventory_items, formatCount, 0),
        icon: IconPackage,
        color: 'blue',
      },
      {
        label: 'Active Customers',
        value: figure(data.active_customers, formatCount, 0),
        icon: IconUsers,
        color: 'grape',
      },
      {
        label: 'Employees',
        value: figure(data.employees, formatCount, 0),
        icon: IconUsersGroup,
        color: 'orange',
      },
    ] as TCard[]
  )
    .filter((card): card is TShownCard => card.value !== null)
    .map((card) => (unread ? { ...card, value: UNREAD } : card));
  if (cards.length === 0 && !stats.isError) return null;

  return (
    <>
      {stats.isError && (
        <Alert color="red" mb="sm" role="alert">
          <Group justify="space-between" gap="xs">
            <span>Failed to load dashboard data</span>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              loading={stats.isFetching}
              onClick={() => void stats.refetch()}
            >
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm">
        {cards.map((card) => (
          <Paper key={card.label} withBorder radius="md" p={{ base: 'sm', sm: 'md' }} shadow="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div className={classes.statText}>
                <Text size="sm" c="dimmed" fw={500}>
                  {card.label}
                </Text>
                {stats.isPending ? (
                  <Skeleton h={28} w={110} mt={6} />
                ) : (
                  <Text
                    className={classes.statValue}
                    fw={700}
                    mt={2}
                    style={{ '--chars': Math.max(card.value.length, 8) }}
                  >
                    {card.value}
                  </Text>
                )}
              </div>
              <ThemeIcon
                size={42}
                radius="md"
                color={card.color}
                variant="light"
                aria-hidden="true"
                visibleFrom="xs"
              >
                <card.icon size={24} />
              </ThemeIcon>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}
