import { lazy, Suspense, useState } from 'react';
import { Skeleton, Stack, Switch, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePlanRenewal } from '../api/get-plan-renewal';
import { useUpdatePlanRenewal } from '../api/update-plan-renewal';

const CancelRenewalModal = lazy(() =>
  import('./cancel-renewal-modal').then((m) => ({ default: m.CancelRenewalModal })),
);

/** Auto-renewal of Pro from the saved card: the MD cancels (after a confirmation) or resumes it. */
export function AutoRenewControl() {
  const renewal = usePlanRenewal();
  const update = useUpdatePlanRenewal();
  const [confirming, setConfirming] = useState(false);
  const [confirmShown, setConfirmShown] = useState(false);

  if (renewal.isPending) return <Skeleton h={24} w={260} />;
  if (renewal.isError)
    return (
      <Text c="red" size="sm" role="alert">
        {errorMessage(renewal.error, 'Failed to load renewal')}
      </Text>
    );
  if (!renewal.data.card_saved) return null;

  const endsOn = formatDate(renewal.data.expires_at);
  const save = (autoRenew: boolean) =>
    update.mutate(
      { auto_renew: autoRenew },
      {
        onSuccess: () => {
          setConfirming(false);
          notifySuccess(autoRenew ? 'Automatic renewal resumed' : 'Automatic renewal cancelled');
        },
        onError: (error) => notifyError(error, 'Failed to change renewal'),
      },
    );

  return (
    <>
      <Stack gap={4}>
        <Switch
          checked={renewal.data.auto_renew}
          disabled={update.isPending}
          onChange={(event) => {
            if (event.currentTarget.checked) return save(true);
            setConfirmShown(true);
            setConfirming(true);
          }}
          label="Renew Pro automatically from my saved card"
        />
        <Text size="sm" c="dimmed">
          {renewal.data.auto_renew
            ? `Your card is charged shortly before the plan ends${endsOn ? ` on ${endsOn}` : ''}.`
            : `Renewal is off: the plan ends${endsOn ? ` on ${endsOn}` : ''} unless you pay again.`}
        </Text>
      </Stack>
      {/* The dialog (Mantine's Modal and focus trap) loads on the first tap, not with the dashboard. */}
      {confirmShown && (
        <Suspense fallback={null}>
          <CancelRenewalModal
            opened={confirming}
            endsOn={endsOn}
            cancelling={update.isPending}
            onKeep={() => setConfirming(false)}
            onCancel={() => save(false)}
          />
        </Suspense>
      )}
    </>
  );
}
