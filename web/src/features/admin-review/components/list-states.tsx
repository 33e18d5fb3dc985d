import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';

/** A keyset list's loading, error and empty states, then its rows and Load more while pages remain. */
export function ListStates({
  label,
  isPending,
  error,
  empty,
  emptyText,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  children,
}: {
  label: string;
  isPending: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  children: ReactNode;
}) {
  if (isPending)
    return (
      <Center py="lg">
        <Loader aria-label={`Loading ${label}`} />
      </Center>
    );
  if (error) return <Alert color="red">{errorMessage(error, `Failed to load ${label}`)}</Alert>;
  if (empty)
    return (
      <Text c="dimmed" ta="center" py="lg">
        {emptyText}
      </Text>
    );
  return (
    <>
      {children}
      {hasNextPage && (
        <Center mt="sm">
          <Button variant="default" loading={isFetchingNextPage} onClick={onLoadMore}>
            Load more
          </Button>
        </Center>
      )}
    </>
  );
}
