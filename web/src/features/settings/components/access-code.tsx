import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconKey, IconRefresh } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { isMdRole } from '@app/domain/permissions/check';
import { ZAccessCodeRequestSchema } from '@app/domain/schemas/stock';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useAuth } from '../../../lib/use-auth';
import { useGenerateAccessCode } from '../api/generate-access-code';
import { useAccessCodeStatus } from '../api/get-access-code-status';
import { useSetAccessCode } from '../api/set-access-code';

export const ACCESS_CODE_REQUIRED = 'Please enter an access code';
const schemaResolver = zod4Resolver(ZAccessCodeRequestSchema);

/** Spec 1 §5: an empty code says "Please enter an access code"; then the shared schema's rules. */
export function validateAccessCode(values: { code: string }) {
  if (!values.code.trim()) return { code: ACCESS_CODE_REQUIRED };
  return schemaResolver(values);
}

function failure(prefix: string, error: unknown): string {
  const detail = errorMessage(error, '');
  return detail ? `${prefix}: ${detail}` : prefix;
}

/**
 * Settings → Access Code (spec 1 §2): the business's manager PIN, asked for when stock is
 * returned, a password changed or a bank linked. The MD generates one or sets a custom one.
 */
export function AccessCode() {
  const auth = useAuth();
  if (!isMdRole(auth.role)) {
    return (
      <Alert color="blue" variant="light" role="note">
        Only the MD can manage the business access code.
      </Alert>
    );
  }
  return <AccessCodeScreen />;
}

function AccessCodeScreen() {
  const status = useAccessCodeStatus(true);
  const generate = useGenerateAccessCode();
  const setCode = useSetAccessCode();
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<{ code: string }>({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: validateAccessCode,
  });
  const isSet = status.data?.is_set === true;

  const runGenerate = () => {
    setConfirming(false);
    setSaved(null);
    setCode.reset();
    generate.mutate();
  };

  const submit = form.onSubmit((values) => {
    setSaved(null);
    generate.reset();
    setCode.mutate(
      { code: values.code.trim() },
      {
        onSuccess: (response) => {
          setSaved(response?.msg || 'Access code updated.');
          form.reset();
        },
      },
    );
  });

  return (
    <Stack gap="md" maw={880}>
      <div>
        <Title order={2} fz="lg">
          Access Code
        </Title>
        <Text size="sm" c="dimmed">
          The business access code is asked for when staff return items to stock, change a password or link a
          bank account. Share it only with people you trust.
        </Text>
      </div>

      <Paper withBorder radius="md" p="sm" aria-live="polite">
        {status.isPending ? (
          <Skeleton h={22} w={260} />
        ) : status.isError ? (
          <Text c="red" size="sm" role="alert">
            {failure('Failed to load data', status.error)}
          </Text>
        ) : (
          <Group gap="xs">
            <Badge color={isSet ? 'green' : 'orange'} variant="light" size="lg" tt="none">
              {isSet ? 'An access code is set' : 'No access code set'}
            </Badge>
            {isSet && status.data?.updated_at && (
              <Text size="sm" c="dimmed">
                Last changed {formatDate(status.data.updated_at)}
              </Text>
            )}
          </Group>
        )}
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper
          withBorder
          radius="md"
          p={{ base: 'sm', sm: 'md' }}
          component="section"
          aria-labelledby="generate-code"
        >
          <Stack gap="sm">
            <Title id="generate-code" order={3} fz="md">
              Generate code
            </Title>
            <Text size="sm" c="dimmed">
              A random 6-digit code{isSet ? ' replaces the current one' : ''}.
            </Text>
            {generate.isError && (
              <Alert color="red" role="alert">
                {failure('Failed to generate access code', generate.error)}
              </Alert>
            )}
            {generate.isSuccess && generate.data?.access_code && (
              <Alert color="green" role="status" title="Your new access code">
                <Group gap="sm" wrap="nowrap" my={4}>
                  <Code
                    fz={28}
                    fw={700}
                    style={{ letterSpacing: '0.2em' }}
                    aria-label="Generated access code"
                  >
                    {generate.data.access_code}
                  </Code>
                  <CopyButton value={generate.data.access_code} timeout={2000}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? 'Copied' : 'Copy code'} withArrow>
                        <ActionIcon
                          variant="light"
                          color={copied ? 'teal' : 'gray'}
                          size="lg"
                          onClick={copy}
                          aria-label={copied ? 'Copied' : 'Copy code'}
                        >
                          {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                </Group>
                <Text size="sm">
                  Copy or write it down now. It is stored securely and cannot be shown again.
                </Text>
              </Alert>
            )}
            <Button
              leftSection={<IconRefresh size={18} />}
              onClick={() => (isSet ? setConfirming(true) : runGenerate())}
              loading={generate.isPending}
              disabled={status.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              Generate code
            </Button>
          </Stack>
        </Paper>

        <Paper
          withBorder
          radius="md"
          p={{ base: 'sm', sm: 'md' }}
          component="section"
          aria-labelledby="custom-code"
        >
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <Title id="custom-code" order={3} fz="md">
                Set a custom code
              </Title>
              {setCode.isError && (
                <Alert color="red" role="alert">
                  {failure('Failed to set access code', setCode.error)}
                </Alert>
              )}
              {saved && (
                <Alert
                  color="green"
                  role="status"
                  withCloseButton
                  closeButtonLabel="Dismiss"
                  onClose={() => setSaved(null)}
                >
                  {saved}
                </Alert>
              )}
              <PasswordInput
                label="New access code"
                description="4 to 32 characters."
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('code')}
              />
              <Button
                type="submit"
                leftSection={<IconKey size={18} />}
                loading={setCode.isPending}
                style={{ alignSelf: 'flex-start' }}
              >
                Set access code
              </Button>
            </Stack>
          </form>
        </Paper>
      </SimpleGrid>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Replace the access code?"
        centered
      >
        <Stack gap="md">
          <Text>The current code stops working at once. Give the new code to the staff who need it.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              Cancel
            </Button>
            <Button onClick={runGenerate}>Generate new code</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
