import { useState } from 'react';
import { Button, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconPlugConnected } from '@tabler/icons-react';
import { testApiConnection, type TApiTestStatus } from '../api/test-api-connection';
import { RESTOCK_TOAST_MS } from '../restock-notify';

const LOOK: Record<
  TApiTestStatus | 'idle',
  { label: string; color: string; icon: typeof IconPlugConnected }
> = {
  idle: { label: 'Test API', color: 'gray', icon: IconPlugConnected },
  testing: { label: 'Testing...', color: 'gray', icon: IconPlugConnected },
  connected: { label: 'Connected', color: 'green', icon: IconCircleCheck },
  partial: { label: 'Partial', color: 'yellow', icon: IconAlertTriangle },
  auth_failed: { label: 'Auth failed', color: 'orange', icon: IconCircleX },
  failed: { label: 'Failed', color: 'red', icon: IconCircleX },
};

const TOAST_COLOR: Record<Exclude<TApiTestStatus, 'testing'>, string> = {
  connected: 'green',
  partial: 'yellow',
  auth_failed: 'orange',
  failed: 'red',
};

/** Test API (spec 3 §2.1): testing, then connected, partial, auth_failed or failed. */
export function ApiTestButton() {
  const [status, setStatus] = useState<TApiTestStatus | 'idle'>('idle');
  const [message, setMessage] = useState('');
  const look = LOOK[status];
  const Icon = look.icon;

  const run = async () => {
    setStatus('testing');
    setMessage('');
    const result = await testApiConnection();
    setStatus(result.status);
    setMessage(result.message);
    notifications.show({
      color: TOAST_COLOR[result.status],
      message: result.message,
      autoClose: RESTOCK_TOAST_MS,
    });
  };

  return (
    <>
      <Button
        variant="light"
        color={look.color}
        leftSection={<Icon size={18} />}
        loading={status === 'testing'}
        onClick={() => void run()}
        data-status={status}
        title={message || undefined}
      >
        {status === 'idle' || status === 'testing' ? 'Test API' : look.label}
      </Button>
      <VisuallyHidden role="status" aria-live="polite">
        {status === 'testing' ? 'Testing the API connection' : message}
      </VisuallyHidden>
    </>
  );
}
