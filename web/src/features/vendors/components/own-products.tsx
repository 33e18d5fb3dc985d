import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useOwnProducts } from '../api/get-own-products';
import { StatusBadge } from './status-badge';

/** The business's uploaded products and their state, newest first. */
export function OwnProducts() {
  const products = useOwnProducts();
  const rows = products.data?.pages.flatMap((page) => page.products) ?? [];
  return (
    <Stack gap="sm" component="section" aria-label="Your products">
      <Title order={4}>Your products</Title>
      {products.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : products.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(products.error, 'Failed to load your products')}
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          No products uploaded yet.
        </Text>
      ) : (
        rows.map((product) => (
          <Paper key={product.id} withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {product.product_name}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatMoney(product.final_price)} · {product.category} · {product.seller_state}
                </Text>
                {product.deleted ? (
                  <Text size="sm" c="red">
                    Removed{product.deletion_reason ? `: ${product.deletion_reason}` : ''}
                  </Text>
                ) : (
                  product.status === 'rejected' &&
                  product.rejection_reason && (
                    <Text size="sm" c="red">
                      Reason: {product.rejection_reason}
                    </Text>
                  )
                )}
              </Stack>
              <StatusBadge status={product.status} />
            </Group>
          </Paper>
        ))
      )}
      {products.hasNextPage && (
        <Button
          variant="default"
          onClick={() => products.fetchNextPage()}
          loading={products.isFetchingNextPage}
        >
          Show more
        </Button>
      )}
    </Stack>
  );
}
