import { useEffect, useMemo, useState } from 'react';
import { VENDOR_MESSAGES } from '@app/domain/schemas/vendors';
import { FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

/** Object URLs of the chosen images, revoked when they change or the input goes away. */
function usePreviews(files: File[]) {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

type TProps = {
  label: string;
  description?: string;
  required?: boolean;
  accept: string;
  files: File[];
  multiple?: boolean;
  error?: string | null;
  onChange: (files: File[]) => void;
  /** Whether to show thumbnails (images) or only names (a video). */
  preview?: boolean;
};

/** A file picker that shows what was chosen: thumbnails of images in fixed boxes. */
export function ImageFileInput({
  label,
  description,
  required,
  accept,
  files,
  multiple,
  error,
  onChange,
  preview = true,
}: TProps) {
  const urls = usePreviews(preview ? files : []);
  // A file named .png that is not a picture: the browser cannot draw it, and the server will refuse it too.
  const [unreadable, setUnreadable] = useState<string[]>([]);
  const unreadableNow = unreadable.filter((name) => files.some((file) => file.name === name));
  return (
    <Stack gap={6}>
      {multiple ? (
        <FileInput
          label={label}
          description={description}
          required={required}
          accept={accept}
          multiple
          clearable
          leftSection={<IconPhoto size={16} />}
          placeholder="Choose files"
          value={files}
          error={error}
          onChange={(chosen) => onChange(chosen)}
        />
      ) : (
        <FileInput
          label={label}
          description={description}
          required={required}
          accept={accept}
          clearable
          leftSection={<IconPhoto size={16} />}
          placeholder="Choose a file"
          value={files[0] ?? null}
          error={error}
          onChange={(chosen) => onChange(chosen ? [chosen] : [])}
        />
      )}
      {urls.length > 0 && (
        <Group gap="xs">
          {urls.map((url, index) => (
            <Image
              key={url}
              src={url}
              alt={`Preview of ${files[index]?.name ?? label}`}
              w={72}
              h={72}
              radius="sm"
              fit="cover"
              onError={() => setUnreadable((names) => [...names, files[index]?.name ?? label])}
            />
          ))}
        </Group>
      )}
      {unreadableNow.length > 0 && (
        <Text size="xs" c="red" role="alert">
          {unreadableNow.map((name) => `${name}: ${VENDOR_MESSAGES.notAnImage}`).join(' · ')}
        </Text>
      )}
      {!preview && files[0] && (
        <Text size="xs" c="dimmed">
          {files[0].name}
        </Text>
      )}
    </Stack>
  );
}
