import { useState, type Ref } from 'react';
import {
  Alert,
  Badge,
  Button,
  Collapse,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconCrown } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney, formatWholeNaira } from '../../../lib/format';
import { usePlans, type TPlanOffer, type TPlansResponse } from '../api/get-plans';
import { useInitializePayment } from '../api/initialize-payment';

function yearlySaving(data: TPlansResponse): number {
  if (typeof data.yearly_saving === 'number') return data.yearly_saving;
  const monthly = data.plans.find((p) => p.key === 'monthly_pro')?.price ?? 0;
  const yearly = data.plans.find((p) => p.key === 'yearly')?.price ?? 0;
  return Math.max(0, monthly * 12 - yearly);
}

function PlanCard({
  plan,
  saving,
  busy,
  disabled,
  onChoose,
}: {
  plan: TPlanOffer;
  saving: number;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const isFree = plan.key === 'free';
  const period = plan.duration_days === 365 ? 'year' : plan.duration_days === 30 ? 'month' : null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      style={
        plan.tag === 'Popular' ? { borderColor: 'var(--mantine-color-indigo-5)', borderWidth: 2 } : undefined
      }
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="lg">
            {plan.name}
          </Title>
          {plan.tag && (
            <Badge color={plan.tag === 'Popular' ? 'indigo' : 'green'} variant="filled">
              {plan.tag}
            </Badge>
          )}
        </Group>
        <Text fz={26} fw={800} lh={1.2}>
          {formatMoney(plan.price)}
          {period && (
            <Text span c="dimmed" fz="sm" fw={500}>
              {' '}
              / {period}
            </Text>
          )}
        </Text>
        {plan.key === 'yearly' && (
          <Text size="sm" c="green.8" fw={600}>
            Save {formatWholeNaira(saving)} compared to monthly
          </Text>
        )}
        <List
          spacing={4}
          size="sm"
          icon={
            <ThemeIcon size={18} radius="xl" color="green" variant="light">
              <IconCheck size={12} />
            </ThemeIcon>
          }
          style={{ flexGrow: 1 }}
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        {isFree ? (
          <Button variant="default" disabled fullWidth>
            Current Plan
          </Button>
        ) : (
          <Button
            fullWidth
            onClick={onChoose}
            disabled={disabled}
            color={plan.key === 'yearly' ? 'green' : 'indigo'}
          >
            {busy ? 'Processing...' : `Choose ${plan.name}`}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** The plans panel (free plan or inactive pro, MD only; spec 1 §2). */
export function UpgradePanel({
  opened,
  onToggle,
  ref,
}: {
  opened: boolean;
  onToggle: () => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const plans = usePlans(opened);
  const payment = useInitializePayment();
  const [busyPlan, setBusyPlan] = useState<string | null>(null);

  const choose = (plan: TPlanOffer) => {
    if (plan.key === 'free') return;
    setBusyPlan(plan.key);
    payment.mutate(plan.key, { onSettled: () => setBusyPlan(null) });
  };

  return (
    <Paper
      ref={ref}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      shadow="xs"
      style={{ scrollMarginTop: 76 }}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon color="orange" variant="light" radius="md" aria-hidden="true">
            <IconCrown size={18} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="lg">
              Upgrade to Pro
            </Title>
            <Text size="sm" c="dimmed">
              Unlimited sales and employees, analytics, exports and more.
            </Text>
          </div>
        </Group>
        <Button
          color="orange"
          variant={opened ? 'default' : 'filled'}
          onClick={onToggle}
          aria-expanded={opened}
          aria-controls="subscription-plans"
        >
          {opened ? 'Hide Subscription Plans' : 'View Subscription Plans'}
        </Button>
      </Group>

      <Collapse expanded={opened}>
        <Stack id="subscription-plans" gap="md" mt="md">
          {payment.isError && (
            <Alert color="red" role="alert">
              Failed to initialize payment: {errorMessage(payment.error, 'Please try again.')}
            </Alert>
          )}
          {plans.isError && (
            <Alert color="red" role="alert">
              {errorMessage(plans.error, 'Could not load the plans')}
            </Alert>
          )}
          {plans.isPending && opened && (
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
              <Skeleton h={280} />
              <Skeleton h={280} />
              <Skeleton h={280} />
            </SimpleGrid>
          )}
          {plans.data && (
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
              {plans.data.plans.map((plan) => (
                <PlanCard
                  key={plan.key}
                  plan={plan}
                  saving={yearlySaving(plans.data)}
                  busy={busyPlan === plan.key}
                  disabled={busyPlan !== null}
                  onChoose={() => choose(plan)}
                />
              ))}
            </SimpleGrid>
          )}
          <Alert color="blue" variant="light" title="Payment information" role="note">
            <List size="sm" spacing={2}>
              <List.Item>Payments are made by card through our secure payment provider.</List.Item>
              <List.Item>Your Pro plan is activated immediately after the payment is confirmed.</List.Item>
              <List.Item>
                Pro renews automatically unless cancelled; after expiry, access is locked until you renew.
              </List.Item>
              <List.Item>You can change plans at any time.</List.Item>
            </List>
          </Alert>
        </Stack>
      </Collapse>
    </Paper>
  );
}
