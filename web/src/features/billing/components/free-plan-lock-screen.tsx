import { Alert, Button, Center, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconX } from '@tabler/icons-react';
import { FREE_TRANSACTION_LIMIT } from '@app/domain/plans/plans';

const MISSED_FEATURES = [
  'Sales and transaction management',
  'Inventory tracking and restocking',
  'Expense tracking and reports',
  'Customer database access',
  'Analytics dashboard',
  'Export and print features',
];

/** Replaces every section but the dashboard once the free plan's transactions are used (spec 1 §2). */
export function FreePlanLockScreen({
  transactionCount,
  isMd,
  onUpgrade,
  onViewDashboard,
}: {
  transactionCount: number | null | undefined;
  isMd: boolean;
  onUpgrade: () => void;
  onViewDashboard: () => void;
}) {
  const count = transactionCount || FREE_TRANSACTION_LIMIT;
  return (
    <Center py="lg" px={0}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} maw={580} w="100%">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={48} radius="xl" color="orange" variant="light" aria-hidden="true">
              <IconLock size={26} />
            </ThemeIcon>
            <Title order={2}>Free Plan Limit Reached</Title>
          </Group>
          <Text>
            You&apos;ve used all {count} free transactions. Upgrade to Pro to continue using the product.
          </Text>
          <Alert color="red" variant="light">
            <Text fw={600} size="sm">
              Access Restricted: All features are currently locked.
            </Text>
          </Alert>
          <div>
            <Text fw={600} mb={6}>
              What you&apos;re missing:
            </Text>
            <List
              spacing={4}
              size="sm"
              icon={
                <ThemeIcon size={18} radius="xl" color="red" variant="light">
                  <IconX size={12} />
                </ThemeIcon>
              }
            >
              {MISSED_FEATURES.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
          </div>
          {isMd ? (
            <Group gap="sm">
              <Button color="green" onClick={onUpgrade}>
                Upgrade to Pro Now
              </Button>
              <Button variant="default" onClick={onViewDashboard}>
                View Dashboard
              </Button>
            </Group>
          ) : (
            <Alert color="blue" variant="light">
              Please contact your Managing Director (MD) to upgrade the subscription.
            </Alert>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
