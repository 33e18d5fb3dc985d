import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import type { TOutboxKind, TOutboxRecord } from '../lib/offline/db';
import { offlineSync, useSyncState } from '../lib/offline/offline-sync';
import { ConfirmDeleteModal } from './confirm-delete-modal';

export const WAITING_LABEL = 'Waiting to sync';
export const ATTENTION_LABEL = 'Needs attention';

/** The mark of a record kept on the device: waiting to sync, or refused by the server. */
export function QueuedStatusBadge({ refused }: { refused: boolean }) {
  return (
    <Badge
      color={refused ? 'red' : 'yellow'}
      variant="filled"
      leftSection={refused ? <IconAlertTriangle size={12} /> : <IconClockHour4 size={12} />}
      style={{ flexShrink: 0 }}
    >
      {refused ? ATTENTION_LABEL : WAITING_LABEL}
    </Badge>
  );
}

/** "26 Nov, 14:05": when a record was made on the device (Lagos time). */
export const recordedTime = (iso: string) =>
  new Date(iso).toLocaleString('en-NG', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Lagos',
  });

export type TQueuedView = { title: string; details: readonly string[] };

/**
 * The records of one kind made on this device that the server does not have yet (issue 16 §3), shown above
 * a screen's list: "Waiting to sync", or "Needs attention" with the server's reason, Send again and Discard.
 */
export function QueuedRecords({
  kind,
  noun,
  view,
  testId,
  include,
  onResend,
}: {
  kind: TOutboxKind;
  /** Which of the kind's records this list shows (all when absent). */
  include?: (record: TOutboxRecord) => boolean;
  /** "expense", "return": the discard question's word. */
  noun: string;
  view: (record: TOutboxRecord) => TQueuedView;
  testId: string;
  /** What Send again does instead of sending the record as it is (e.g. ask for what it no longer keeps). */
  onResend?: (record: TOutboxRecord) => void;
}) {
  const state = useSyncState();
  const [discarding, setDiscarding] = useState<TOutboxRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const records = state.records.filter((record) => record.kind === kind && (include?.(record) ?? true));
  if (records.length === 0) return null;

  const discard = async (record: TOutboxRecord) => {
    setBusy(true);
    try {
      await offlineSync.discard(record.seq);
    } finally {
      setBusy(false);
      setDiscarding(null);
    }
  };

  return (
    <Stack gap="xs" aria-label={`${noun[0]!.toUpperCase()}${noun.slice(1)}s on this device`} role="list">
      {records.map((record) => {
        const refused = record.status === 'needs_attention';
        const { title, details } = view(record);
        return (
          <Paper
            key={record.seq}
            withBorder
            p="sm"
            radius="md"
            bg={refused ? 'red.0' : 'yellow.0'}
            data-testid={testId}
            role="listitem"
          >
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {title}
                </Text>
                <QueuedStatusBadge refused={refused} />
              </Group>
              {details.map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
              {refused && (
                <>
                  <Text size="sm" c="red.9" fw={600} role="alert">
                    {record.detail}
                  </Text>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => (onResend ? onResend(record) : void offlineSync.resend(record.seq))}
                    >
                      Send again
                    </Button>
                    <Button size="xs" color="red" variant="light" onClick={() => setDiscarding(record)}>
                      Discard
                    </Button>
                  </Group>
                </>
              )}
            </Stack>
          </Paper>
        );
      })}
      <ConfirmDeleteModal
        opened={discarding !== null}
        title={`Discard this ${noun}?`}
        confirmLabel="Discard"
        pending={busy}
        onConfirm={() => discarding && void discard(discarding)}
        onClose={() => setDiscarding(null)}
      >
        <Text size="sm">The {noun} is removed from this device and never reaches the server.</Text>
      </ConfirmDeleteModal>
    </Stack>
  );
}
