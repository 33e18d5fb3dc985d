import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { FREE_TRANSACTION_LIMIT } from '@app/domain/plans/plans';

/**
 * Above every section but the dashboard once the free plan's transactions are used (spec 1 §2, with
 * DESIGN.md §4: reading stays possible). The section itself stays open: receipts reprint, customers and
 * stock are looked up, settings change; only recording a new transaction is refused by the server.
 */
export function FreePlanLimitNotice({
  transactionCount,
  isMd,
  onUpgrade,
}: {
  transactionCount: number | null | undefined;
  isMd: boolean;
  onUpgrade: () => void;
}) {
  const count = transactionCount || FREE_TRANSACTION_LIMIT;
  return (
    <Alert
      color="orange"
      variant="light"
      radius="md"
      mb="md"
      icon={<IconLock size={22} aria-hidden="true" />}
      role="region"
      aria-labelledby="free-limit-title"
    >
      <Stack gap={6}>
        <Title id="free-limit-title" order={2} fz="lg">
          Free Plan Limit Reached
        </Title>
        <Text size="sm">
          You&apos;ve used all {count} free transactions. Upgrade to Pro to continue using the product.
        </Text>
        <Text size="sm">
          New sales, purchases and expenses are locked. Everything already recorded stays open: look it up,
          print receipts and change your settings as before.
        </Text>
        {isMd ? (
          <Group gap="sm">
            <Button color="green" size="sm" onClick={onUpgrade}>
              Upgrade to Pro Now
            </Button>
          </Group>
        ) : (
          <Text size="sm" fw={500}>
            Please contact your Managing Director (MD) to upgrade the subscription.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
