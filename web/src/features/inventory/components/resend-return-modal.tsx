import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import type { TOutboxRecord } from '../../../lib/offline/db';
import { offlineSync } from '../../../lib/offline/offline-sync';
import { newIdempotencyKey } from '../api/return-item';

export const ACCESS_CODE_MISSING = 'Access code is required';

/**
 * Send again for a refused return: the device no longer keeps its access code (it leaves once the server has
 * answered), so it is asked for again, refused empty as the Return item form does. The changed request goes
 * with a new Idempotency-Key.
 */
export function ResendReturnModal({ record, onClose }: { record: TOutboxRecord; onClose: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(ACCESS_CODE_MISSING);
    setBusy(true);
    try {
      await offlineSync.resend(record.seq, {
        body: { ...record.body, access_code: code },
        newKey: newIdempotencyKey(),
      });
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Send the return again" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm">Enter the access code again: it is not kept on this device.</Text>
          <PasswordInput
            label="Access code"
            description="The business access code set by the MD."
            autoComplete="off"
            withAsterisk
            data-autofocus
            value={code}
            error={error}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Send again
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
