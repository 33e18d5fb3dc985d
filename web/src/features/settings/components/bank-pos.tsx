import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { MoneyInput } from '../../../components/money-input';
import { useForm } from '@mantine/form';
import { IconBuildingBank, IconFlask, IconLink, IconSend, IconUnlink } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { isMdRole } from '@app/domain/permissions/check';
import { planFeatureRefusal } from '@app/domain/plans/plans';
import { ZMonoLinkRequestSchema, type TLinkedAccount } from '@app/domain/schemas/bank';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { errorMessage } from '../../../lib/api-client';
import { isOnFreeTerms, useSubscriptionStatus } from '../../../lib/api/get-subscription-status';
import { formatDate } from '../../../lib/format';
import { failureText, notifyFailure, notifySuccess } from '../../../lib/notify';
import { useAuth } from '../../../lib/use-auth';
import { useDisconnectBankAccount } from '../api/disconnect-bank-account';
import { useLinkedAccounts } from '../api/get-linked-accounts';
import { useMonoConfig } from '../api/get-mono-config';
import { useLinkBankAccount } from '../api/link-bank-account';
import { useSendTestTransfer } from '../api/send-test-transfer';
import { openMonoConnect } from './bank-pos-mono-connect';
import { BankPosTestWidget } from './bank-pos-test-widget';

const accessCodeResolver = zod4Resolver(ZMonoLinkRequestSchema.pick({ access_code: true }));

function TestTransferModal({ account, onClose }: { account: TLinkedAccount | null; onClose: () => void }) {
  const send = useSendTestTransfer();
  const [amount, setAmount] = useState<number | string>('');
  const submit = () => {
    if (!account) return;
    const naira = typeof amount === 'number' ? amount : Number.NaN;
    if (!(naira > 0)) {
      notifyFailure('Please enter a valid amount');
      return;
    }
    send.mutate(
      { account_id: account.account_id, amount: naira, narration: null },
      {
        onSuccess: (credit) => {
          notifySuccess(credit.msg);
          setAmount('');
          onClose();
        },
        onError: (error) => notifyFailure(failureText('Failed to send the test transfer', error)),
      },
    );
  };
  return (
    <Modal
      opened={account !== null}
      onClose={onClose}
      centered
      title={
        <Group gap="xs">
          <Badge color="orange" variant="filled">
            TEST
          </Badge>
          <Text fw={600}>Send a test transfer</Text>
        </Group>
      }
    >
      <Stack gap="sm">
        <Text size="sm">
          A pretend customer transfer into {account?.bank_name} {account?.account_number}. Record a sale paid
          by transfer of the same amount, then ask “Has this transfer arrived?” in the Sales list.
        </Text>
        <MoneyInput label="Amount (₦)" min={0.01} value={amount} onChange={setAmount} data-autofocus />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button
            color="orange"
            leftSection={<IconSend size={16} />}
            loading={send.isPending}
            onClick={submit}
          >
            Send test transfer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AccountCard({
  account,
  testMode,
  onDisconnect,
  onTestTransfer,
}: {
  account: TLinkedAccount;
  testMode: boolean;
  onDisconnect: () => void;
  onTestTransfer: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" aria-label={`${account.bank_name} ${account.account_number}`}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          <IconBuildingBank size={20} />
          <Text fw={700}>{account.bank_name}</Text>
        </Group>
        <Text size="sm">{account.account_name}</Text>
        <Text size="sm" ff="monospace">
          {account.account_number}
        </Text>
        <Text size="xs" c="dimmed">
          Account ID {account.account_id} · linked {formatDate(account.linked_at)}
        </Text>
        <Group gap="xs" mt={4}>
          {testMode && (
            <Button
              size="xs"
              variant="light"
              color="orange"
              leftSection={<IconFlask size={14} />}
              onClick={onTestTransfer}
            >
              Send a test transfer
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconUnlink size={14} />}
            onClick={onDisconnect}
            aria-label={`Disconnect ${account.bank_name} ${account.account_number}`}
          >
            Disconnect
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function BankPosScreen() {
  const config = useMonoConfig();
  const accounts = useLinkedAccounts();
  const link = useLinkBankAccount();
  const disconnect = useDisconnectBankAccount();
  const [widgetAccessCode, setWidgetAccessCode] = useState<string | null>(null);
  const [connecting, setConnecting] = useState(false);
  const [toDisconnect, setToDisconnect] = useState<TLinkedAccount | null>(null);
  const [testTransferTo, setTestTransferTo] = useState<TLinkedAccount | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { access_code: '' },
    validate: accessCodeResolver,
  });
  const testMode = config.data?.mode === 'test';
  const missingKey = config.data?.mode === 'live' && !config.data.public_key;
  // Linking is Pro: said before the access code and the bank's widget, not after them.
  const needsPro = isOnFreeTerms(useSubscriptionStatus().data);

  const linkWith = (code: string, accessCode: string) =>
    link.mutate(
      { code, access_code: accessCode },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          form.reset();
        },
        onError: (error) => notifyFailure(failureText('Failed to link account', error)),
      },
    );

  const start = async ({ access_code }: { access_code: string }) => {
    if (!config.data) return;
    if (config.data.mode === 'test') {
      setWidgetAccessCode(access_code);
      return;
    }
    setConnecting(true);
    try {
      const code = await openMonoConnect(config.data.public_key!);
      if (code) linkWith(code, access_code);
    } catch (error) {
      notifyFailure(error instanceof Error ? error.message : 'Mono Connect script not loaded');
    } finally {
      setConnecting(false);
    }
  };

  const confirmDisconnect = () => {
    if (!toDisconnect) return;
    disconnect.mutate(toDisconnect.account_id, {
      onSuccess: (answer) => {
        notifySuccess(answer.msg);
        setToDisconnect(null);
      },
      onError: (error) => notifyFailure(failureText('Failed to disconnect', error)),
    });
  };

  const rows = accounts.data ?? [];
  return (
    <Stack gap="md">
      <div>
        <Group gap="xs">
          <Title order={3}>Bank &amp; POS</Title>
          {testMode && (
            <Badge color="orange" variant="filled" leftSection={<IconFlask size={12} />}>
              TEST MODE
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Link the bank account your customers transfer to. Staff can then ask “Has this transfer arrived?” on
          a sale paid by transfer, and the app looks for the credit in the account. A Pro feature.
        </Text>
      </div>
      {testMode && (
        <Alert color="orange" variant="light" title="Test mode">
          Mono is not set up on this server (MONO_SECRET_KEY), so linking opens a TEST widget with test banks,
          and test accounts can receive test transfers. No real bank is contacted.
        </Alert>
      )}
      {missingKey && (
        <Alert color="red" variant="light">
          Mono Connect needs its public key: set MONO_PUBLIC_KEY on the server.
        </Alert>
      )}
      {needsPro && (
        <Alert color="blue" variant="light" role="note">
          {planFeatureRefusal('bank_linking')}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <form onSubmit={form.onSubmit(start)} noValidate aria-label="Link a bank account">
          <Stack gap="sm">
            <PasswordInput
              label="Access code"
              description="The business access code (Settings → Access Code)"
              autoComplete="off"
              maxLength={64}
              {...form.getInputProps('access_code')}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                leftSection={<IconLink size={18} />}
                loading={connecting || link.isPending}
                disabled={!config.data || missingKey || needsPro}
              >
                {testMode ? 'Link a test bank account' : 'Link bank account'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Title order={4}>Linked accounts</Title>
      {accounts.isError ? (
        <Alert color="red" role="alert">
          {`Failed to load data: ${errorMessage(accounts.error, 'please try again')}`}
        </Alert>
      ) : accounts.isPending ? (
        <Skeleton h={120} />
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          No bank account linked yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {rows.map((account) => (
            <AccountCard
              key={account.account_id}
              account={account}
              testMode={testMode}
              onDisconnect={() => setToDisconnect(account)}
              onTestTransfer={() => setTestTransferTo(account)}
            />
          ))}
        </SimpleGrid>
      )}
      <BankPosTestWidget
        opened={widgetAccessCode !== null}
        onClose={() => setWidgetAccessCode(null)}
        onCode={(code) => {
          const accessCode = widgetAccessCode ?? '';
          setWidgetAccessCode(null);
          linkWith(code, accessCode);
        }}
      />
      <TestTransferModal account={testTransferTo} onClose={() => setTestTransferTo(null)} />
      <ConfirmDeleteModal
        opened={toDisconnect !== null}
        title="Disconnect account"
        confirmLabel="Disconnect"
        pending={disconnect.isPending}
        onConfirm={confirmDisconnect}
        onClose={() => setToDisconnect(null)}
      >
        <Text size="sm">
          Disconnect {toDisconnect?.bank_name} {toDisconnect?.account_number}? Transfers into it will no
          longer be checked.
        </Text>
      </ConfirmDeleteModal>
    </Stack>
  );
}

/** Settings → Bank & POS (spec 1 §2): the MD links bank accounts through Mono Connect (or the test widget). */
export function BankPos() {
  const auth = useAuth();
  if (!isMdRole(auth.role)) {
    return (
      <Alert color="blue" variant="light" role="note">
        Only the MD can link bank accounts.
      </Alert>
    );
  }
  return <BankPosScreen />;
}
