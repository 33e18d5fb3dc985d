import { Center, Image, Skeleton, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useAdminImage } from '../api/open-admin-file';

/** A product image, fetched with the admin grant. */
export function AdminImage({
  url,
  grant,
  alt,
  h,
}: {
  url: string | undefined;
  grant: string;
  alt: string;
  h: number;
}) {
  const image = useAdminImage(url, grant);
  if (!url || image.isError)
    return (
      <Center h={h} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Text c="dimmed" size="xs" ta="center">
          <IconPhotoOff size={20} aria-hidden="true" />
          <br />
          No image
        </Text>
      </Center>
    );
  if (!image.data) return <Skeleton h={h} radius="md" />;
  return <Image src={image.data} alt={alt} h={h} fit="contain" radius="md" bg="gray.0" />;
}
