import { Paper, Stack, Text, ThemeIcon, Group, Title } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';
import { AutoRenewControl } from './components/auto-renew-control';
import { PaymentHistory } from './components/payment-history';

/** The MD's plan payments and auto-renewal, a panel of the dashboard overview. */
export function BillingPanel() {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="billing-heading"
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon color="indigo" variant="light" radius="md" aria-hidden="true">
            <IconReceipt2 size={18} />
          </ThemeIcon>
          <div>
            <Title id="billing-heading" order={2} fz="lg">
              Plan payments
            </Title>
            <Text size="sm" c="dimmed">
              Your card payments for Pro and how the plan renews.
            </Text>
          </div>
        </Group>
        <AutoRenewControl />
        <PaymentHistory />
      </Stack>
    </Paper>
  );
}
