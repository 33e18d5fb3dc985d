import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NIGERIAN_STATES, VENDOR_CATEGORIES } from '@app/domain/schemas/vendors';
import { errorMessage } from '../../lib/api-client';
import { PRODUCT_NAME } from '../../lib/brand';
import { createQueryClient } from '../../lib/query-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSearchText } from '../../lib/use-search-text';
import { useMarketplace } from './api/get-marketplace';
import { ProductCard } from './components/product-card';

const GRID = { base: 2, sm: 3, md: 4 };

function Products() {
  const { search, setSearch, searched } = useSearchText();
  const [category, setCategory] = useState<string | null>(null);
  const [state, setState] = useState<string | null>(null);
  const filters = {
    search: searched || undefined,
    category: (category ?? undefined) as (typeof VENDOR_CATEGORIES)[number] | undefined,
    state: (state ?? undefined) as (typeof NIGERIAN_STATES)[number] | undefined,
  };
  const products = useMarketplace(filters);
  const rows = products.data?.pages.flatMap((page) => page.products) ?? [];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          aria-label="Search products"
          placeholder="Search products"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Select
          aria-label="Category"
          placeholder="All categories"
          clearable
          data={[...VENDOR_CATEGORIES]}
          value={category}
          onChange={setCategory}
        />
        <Select
          aria-label="State"
          placeholder="All states"
          clearable
          searchable
          data={[...NIGERIAN_STATES]}
          value={state}
          onChange={setState}
        />
      </SimpleGrid>
      {products.isPending ? (
        <SimpleGrid cols={GRID} spacing="sm" aria-busy="true" aria-label="Loading products">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} height={300} radius="md" />
          ))}
        </SimpleGrid>
      ) : products.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(products.error, 'Failed to load products')}
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No products found.
        </Text>
      ) : (
        <SimpleGrid cols={GRID} spacing="sm">
          {rows.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </SimpleGrid>
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

/** /marketplace — approved products of approved vendors, for anyone, without signing in. */
export function MarketplacePage() {
  useDocumentTitle('Marketplace');
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Container size="lg" px="sm" py={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Anchor
              component={Link}
              to="/"
              fw={700}
              underline="never"
              mih={44}
              style={{ display: 'inline-flex', alignItems: 'center' }}
            >
              ₦ {PRODUCT_NAME}
            </Anchor>
            <Button component={Link} to="/login" variant="default" size="xs">
              Sign in
            </Button>
          </Group>
          <Title order={1} size="h2">
            Marketplace
          </Title>
          <Products />
        </Stack>
      </Container>
    </QueryClientProvider>
  );
}
