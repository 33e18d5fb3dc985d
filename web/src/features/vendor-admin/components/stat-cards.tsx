import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { TVendorAdminStats } from '@app/domain/schemas/vendor-admin';
import { formatCount } from '../../../lib/format';

const CARDS = [
  ['Pending Vendors', 'pending_vendors', 'orange'],
  ['Pending Products', 'pending_products', 'blue'],
  ['Approved Today', 'approved_today', 'green'],
  ['Rejected Today', 'rejected_today', 'red'],
] as const;

export function StatCards({ stats }: { stats: TVendorAdminStats | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {CARDS.map(([label, field, color]) => (
        <Paper key={field} withBorder radius="md" p="md">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          {stats ? (
            <Text fz={28} fw={700} c={`${color}.7`} aria-label={`${label}: ${stats[field]}`}>
              {formatCount(stats[field])}
            </Text>
          ) : (
            <Skeleton h={34} mt={4} w={60} />
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
