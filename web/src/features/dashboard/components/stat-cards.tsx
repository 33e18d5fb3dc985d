import { Alert, Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCurrencyNaira, IconPackage, IconUsers, IconUsersGroup, type Icon } from '@tabler/icons-react';
import { formatCount, formatMoney } from '../../../lib/format';
import { useDashboardStats } from '../api/get-dashboard-stats';
import classes from '../dashboard.module.css';

type TCard = { label: string; value: string; icon: Icon; color: string };

/** The four stat cards; every figure defaults to 0 (spec 1 §2). */
export function StatCards() {
  const stats = useDashboardStats();
  const data = stats.data ?? {};
  const cards: TCard[] = [
    {
      label: 'Total Sales',
      value: formatMoney(data.total_sales ?? 0),
      icon: IconCurrencyNaira,
      color: 'green',
    },
    {
      label: 'Inventory Items',
      value: formatCount(data.inventory_items ?? 0),
      icon: IconPackage,
      color: 'blue',
    },
    {
      label: 'Active Customers',
      value: formatCount(data.active_customers ?? 0),
      icon: IconUsers,
      color: 'grape',
    },
    { label: 'Employees', value: formatCount(data.employees ?? 0), icon: IconUsersGroup, color: 'orange' },
  ];

  return (
    <>
      {stats.isError && (
        <Alert color="red" mb="sm" role="alert">
          Failed to load dashboard data
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
