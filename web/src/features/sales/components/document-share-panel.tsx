import { useState } from 'react';
import { Button, CopyButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconCheck, IconCopy, IconLinkOff } from '@tabler/icons-react';
import { normaliseNigerianPhone } from '@app/domain/phone/nigerian-phone';
import type { TDocumentShare } from '@app/domain/schemas/shares';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { failureText, notifyFailure, notifySuccess } from '../../../lib/notify';
import { useRevokeDocumentShare } from '../api/revoke-document-share';
import { useShareDocument, type TShareableDocument } from '../api/share-document';

export type TSharedDocumentInfo = TShareableDocument & {
  /** "receipt #12" or "proforma #3", as the panel names it. */
  label: string;
  customerPhone: string | null;
};

/**
 * Opens a tab in the click itself (a browser lets a click open one), then sends it to wa.me once the link
 * exists; it is closed again when the link cannot be made.
 */
function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return tab;
}

/** Shares one receipt or proforma on WhatsApp: a public link the customer opens without signing in. */
export function DocumentSharePanel({
  document,
  onClose,
}: {
  document: TSharedDocumentInfo;
  onClose: () => void;
}) {
  const share = useShareDocument();
  const revoke = useRevokeDocumentShare();
  const [shared, setShared] = useState<TDocumentShare | null>(null);
  const [confirming, setConfirming] = useState(false);
  const phone = normaliseNigerianPhone(document.customerPhone);

  const start = () => {
    const tab = openBlankTab();
    share.mutate(document, {
      onSuccess: (answer) => {
        setShared(answer);
        if (tab) tab.location.href = answer.whatsapp_url;
        else window.location.assign(answer.whatsapp_url);
      },
      onError: (error) => {
        tab?.close();
        notifyFailure(failureText('Failed to share', error));
      },
    });
  };

  const stop = () =>
    revoke.mutate(document, {
      onSuccess: ({ revoked }) => {
        setShared(null);
        setConfirming(false);
        notifySuccess(revoked > 0 ? 'Link revoked: it no longer opens' : 'No shared link to revoke');
      },
      onError: (error) => notifyFailure(failureText('Failed to revoke the link', error)),
    });

  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" component="section" aria-label="Share on WhatsApp">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            <IconBrandWhatsapp size={16} style={{ verticalAlign: 'text-bottom' }} /> Share {document.label} on
            WhatsApp
          </Text>
          <Button size="compact-xs" variant="subtle" color="gray" onClick={onClose}>
            Close
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {phone
            ? `WhatsApp opens a chat with ${phone} and a message with a link to the ${document.type === 'receipt' ? 'receipt' : 'proforma invoice'} and its PDF. The link works without signing in until you revoke it.`
            : 'No WhatsApp number on this document: WhatsApp asks whom to send the link to. The link works without signing in until you revoke it.'}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            color="green"
            leftSection={<IconBrandWhatsapp size={18} />}
            loading={share.isPending}
            onClick={start}
          >
            Share on WhatsApp
          </Button>
          <Button
            variant="default"
            color="red"
            leftSection={<IconLinkOff size={18} />}
            onClick={() => setConfirming(true)}
          >
            Revoke link
          </Button>
        </Group>
        {shared && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Link sent"
              readOnly
              value={shared.url}
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={shared.url}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
      </Stack>
      <ConfirmDeleteModal
        opened={confirming}
        title="Revoke link"
        confirmLabel="Revoke link"
        pending={revoke.isPending}
        onConfirm={stop}
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">
          Every link sent for {document.label} stops working. The customer sees that the link is not valid;
          you can share a new one at any time.
        </Text>
      </ConfirmDeleteModal>
    </Paper>
  );
}
