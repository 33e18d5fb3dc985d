import { useState } from 'react';
import { Alert, Box, Button, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { MAX_UPLOAD_BYTES } from '@app/domain/files/uploads';
import { api, API_BASE, errorMessage } from '../../../lib/api-client';
import { settingsKeys } from '../api/settings-keys';
import { useUploadLogo } from '../api/upload-logo';
import { notifySuccess } from '../../../lib/notify';

export const LOGO_TYPE_MESSAGE = 'Please choose a PNG or JPEG image';
export const LOGO_SIZE_MESSAGE = 'File too large. Maximum size is 10MB.';
const LOGO_TYPES = ['image/png', 'image/jpeg'];

/** Why a picked file cannot be a logo, or null when it can. The server judges the content again. */
export function logoProblem(file: File): string | null {
  const typeOk = LOGO_TYPES.includes(file.type) || (!file.type && /\.(png|jpe?g)$/i.test(file.name));
  if (!typeOk) return LOGO_TYPE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) return LOGO_SIZE_MESSAGE;
  return null;
}

const readAsDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read'));
    reader.readAsDataURL(blob);
  });

/** The stored logo as a data URL: the file needs the user's token, so an <img src> cannot fetch it. */
function useStoredLogo(logoUrl: string | null) {
  return useQuery({
    queryKey: settingsKeys.companyLogo(logoUrl),
    queryFn: async ({ signal }) =>
      readAsDataUrl(
        await api.getBlob(logoUrl!.startsWith(API_BASE) ? logoUrl!.slice(API_BASE.length) : logoUrl!, {
          signal,
        }),
      ),
    enabled: logoUrl !== null,
    staleTime: Infinity,
  });
}

export function CompanyLogo({ logoUrl }: { logoUrl: string | null }) {
  const upload = useUploadLogo();
  const stored = useStoredLogo(logoUrl);
  const [picked, setPicked] = useState<{ file: File; preview: string | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = picked ? picked.preview : (stored.data ?? null);

  const pick = (file: File | null) => {
    upload.reset();
    const fault = file ? logoProblem(file) : null;
    setProblem(fault);
    if (!file || fault) {
      setPicked(null);
      return;
    }
    setPicked({ file, preview: null });
    readAsDataUrl(file)
      .then((url) => setPicked((current) => (current?.file === file ? { file, preview: url } : current)))
      .catch(() => undefined);
  };

  const send = () => {
    if (!picked) return;
    upload.mutate(picked.file, {
      onSuccess: () => {
        setPicked(null);
        notifySuccess('Logo uploaded');
      },
    });
  };

  const failure = problem ?? (upload.isError ? errorMessage(upload.error, '') : null);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="company-logo"
    >
      <Stack gap="sm">
        <div>
          <Title id="company-logo" order={3} fz="md">
            Logo
          </Title>
          <Text size="sm" c="dimmed">
            PNG or JPEG, up to 10 MB. Printed at the top of receipts and proformas on the Pro Yearly plan.
          </Text>
        </div>
        <Box
          w={140}
          h={140}
          style={{
            border: '1px dashed var(--mantine-color-gray-4)',
            borderRadius: 'var(--mantine-radius-md)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
          }}
        >
          {preview ? (
            <Image
              src={preview}
              alt={picked ? 'Preview of the chosen logo' : 'Current logo'}
              fit="contain"
              w={136}
              h={136}
            />
          ) : (
            <Stack gap={4} align="center" c="dimmed">
              <IconPhoto size={32} aria-hidden />
              <Text size="xs">No logo yet</Text>
            </Stack>
          )}
        </Box>
        {picked && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Chosen: {picked.file.name}
          </Text>
        )}
        {failure !== null && (
          <Alert color="red" role="alert">
            {failure ? `Failed to upload logo: ${failure}` : 'Failed to upload logo'}
          </Alert>
        )}
        <Group gap="sm">
          <FileButton onChange={pick} accept="image/png,image/jpeg">
            {(props) => (
              <Button variant="default" leftSection={<IconPhoto size={18} />} {...props}>
                {picked || logoUrl ? 'Choose another image' : 'Choose image'}
              </Button>
            )}
          </FileButton>
          <Button
            leftSection={<IconUpload size={18} />}
            onClick={send}
            disabled={!picked}
            loading={upload.isPending}
          >
            Upload logo
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
