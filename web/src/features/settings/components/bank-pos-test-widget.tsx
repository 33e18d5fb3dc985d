import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFlask } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client';
import { failureText, notifyFailure } from '../../../lib/notify';
import { useTestBanks } from '../api/get-test-banks';
import { useTestCode } from '../api/get-test-code';

/**
 * The embedded stand-in for Mono Connect (no MONO_SECRET_KEY on the server), clearly marked TEST: it offers
 * test banks and accounts and hands back a code, as Mono Connect's onSuccess does, that the same link call
 * takes. No real bank is contacted.
 */
export function BankPosTestWidget({
  opened,
  onClose,
  onCode,
}: {
  opened: boolean;
  onClose: () => void;
  onCode: (code: string) => void;
}) {
  const banks = useTestBanks(opened);
  const issue = useTestCode();
  const [choice, setChoice] = useState<string | null>(null);
  const phone = useMediaQuery('(max-width: 36em)');

  const connect = () => {
    if (!choice) return;
    issue.mutate(choice, {
      onSuccess: ({ code }) => {
        setChoice(null);
        onCode(code);
      },
      onError: (error) => notifyFailure(failureText('Failed to link account', error)),
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      fullScreen={phone}
      title={
        <Group gap="xs">
          <Badge color="orange" variant="filled" leftSection={<IconFlask size={12} />}>
            TEST
          </Badge>
          <Text fw={600}>Test bank connection</Text>
        </Group>
      }
    >
      <Stack gap="sm">
        <Alert color="orange" variant="light" title="Test mode — no real bank">
          Mono is not set up on this server, so these TEST banks stand in for Mono Connect. Nothing here
          touches a real bank account.
        </Alert>
        {banks.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(banks.error, 'Failed to load the test banks')}
          </Alert>
        ) : banks.isPending ? (
          <Skeleton h={160} />
        ) : (
          <Radio.Group
            value={choice}
            onChange={setChoice}
            label="Choose a test account"
            aria-label="Test accounts"
          >
            <Stack gap="xs" mt="xs">
              {banks.data.map((bank) => (
                <Stack key={bank.bank_key} gap={4}>
                  <Text size="sm" fw={600}>
                    {bank.bank_name}
                  </Text>
                  {bank.accounts.map((account) => (
                    <Radio.Card
                      key={account.test_account_key}
                      value={account.test_account_key}
                      p="xs"
                      radius="md"
                      aria-label={`${bank.bank_name} ${account.account_name} ${account.account_number}`}
                    >
                      <Group wrap="nowrap" gap="sm">
                        <Radio.Indicator />
                        <div>
                          <Text size="sm">{account.account_name}</Text>
                          <Text size="xs" c="dimmed">
                            {account.account_number}
                          </Text>
                        </div>
                      </Group>
                    </Radio.Card>
                  ))}
                </Stack>
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={issue.isPending}>
            Cancel
          </Button>
          <Button color="orange" onClick={connect} disabled={!choice} loading={issue.isPending}>
            Connect test account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
