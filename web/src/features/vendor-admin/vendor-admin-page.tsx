import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Skeleton, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import {
  VENDOR_ADMIN_PAGE_SIZE,
  type TPendingProduct,
  type TPendingVendor,
} from '@app/domain/schemas/vendor-admin';
import { errorMessage } from '../../lib/api-client';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useSearchText } from '../../lib/use-search-text';
import { useAdminGrant } from './api/admin-grant';
import { useDecide, type TDecision } from './api/decide';
import { usePending, useVendorAdminStats } from './api/get-pending';
import { AccessPrompt } from './components/access-prompt';
import { ProductDetailsModal, VendorDetailsModal } from './components/detail-modals';
import { ProductCard } from './components/product-card';
import { ReasonModal } from './components/reason-modal';
import { StatCards } from './components/stat-cards';
import { VendorCard } from './components/vendor-card';

/** Spec 3 §8's words for each decision that fails. */
const FAILURE: Record<TDecision['act'], string> = {
  'approve-vendor': 'Failed to approve vendor',
  'reject-vendor': 'Failed to reject vendor',
  'approve-product': 'Failed to approve product',
  'reject-product': 'Failed to reject product',
  'delete-product': 'Failed to delete product',
};

type TReasonTarget =
  | { act: 'reject-vendor'; id: number; name: string }
  | { act: 'reject-product' | 'delete-product'; id: number; name: string };

/** Keyset pages: the cursor of each page shown so far (the first page has none). */
function usePager() {
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const page = cursors.length;
  return {
    page,
    before: cursors[page - 1],
    next: (lastId: number) => setCursors((all) => [...all, lastId]),
    previous: () => setCursors((all) => (all.length > 1 ? all.slice(0, -1) : all)),
    reset: () => setCursors([undefined]),
  };
}

function Pager({
  page,
  total,
  onPrevious,
  onNext,
}: {
  page: number;
  total: number;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const pages = Math.max(1, Math.ceil(total / VENDOR_ADMIN_PAGE_SIZE));
  return (
    <Group justify="space-between" gap="xs">
      <Button size="xs" variant="default" onClick={onPrevious} disabled={page <= 1}>
        Previous
      </Button>
      <Text size="sm">
        Page {Math.min(page, pages)} of {pages}
      </Text>
      <Button size="xs" variant="default" onClick={onNext} disabled={page >= pages}>
        Next
      </Button>
    </Group>
  );
}

function ListState<T>({
  query,
  empty,
  failure,
  children,
}: {
  query: { data?: { rows: T[] } | undefined; isPending: boolean; isError: boolean; error: unknown };
  empty: string;
  failure: string;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending)
    return (
      <Stack gap="sm">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h={120} radius="md" />
        ))}
      </Stack>
    );
  if (query.isError)
    return (
      <Alert color="red" variant="light">
        {failure}: {errorMessage(query.error, 'please try again')}
      </Alert>
    );
  const rows = query.data?.rows ?? [];
  if (rows.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  return <>{children(rows)}</>;
}

function Console({ grant }: { grant: string }) {
  const { search, setSearch, searched } = useSearchText();
  const [tab, setTab] = useState<string | null>('vendors');
  const vendorPager = usePager();
  const productPager = usePager();
  const stats = useVendorAdminStats(grant);
  const vendors = usePending('vendors', grant, searched, vendorPager.before);
  const products = usePending('products', grant, searched, productPager.before);
  const decide = useDecide(grant);
  const [viewVendor, setViewVendor] = useState<TPendingVendor | null>(null);
  const [viewProduct, setViewProduct] = useState<TPendingProduct | null>(null);
  const [reasonTarget, setReasonTarget] = useState<TReasonTarget | null>(null);

  const act = (decision: TDecision) =>
    decide.mutate(decision, {
      onSuccess: (answer) => {
        setReasonTarget(null);
        if ('access_code' in answer)
          notifications.show({
            color: 'green',
            title: 'Vendor approved',
            message: answer.msg,
            autoClose: false,
          });
        else notifySuccess(answer.msg);
      },
      onError: (error) => notifyFailure(errorMessage(error, FAILURE[decision.act])),
    });
  const busyOn = (id: number) => decide.isPending && decide.variables.id === id;

  const onSearch = (value: string) => {
    setSearch(value);
    vendorPager.reset();
    productPager.reset();
  };

  const count = (value: number | null | undefined, fallback: number | undefined) => value ?? fallback ?? 0;

  return (
    <Stack gap="md">
      <StatCards stats={stats.data} />
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        placeholder="Search vendors and products by name"
        aria-label="Search vendors and products"
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab
            value="vendors"
            rightSection={
              <Badge size="sm" circle={false} color="orange">
                {count(vendors.data?.total, stats.data?.pending_vendors)}
              </Badge>
            }
          >
            Pending Vendors
          </Tabs.Tab>
          <Tabs.Tab
            value="products"
            rightSection={
              <Badge size="sm" color="blue">
                {count(products.data?.total, stats.data?.pending_products)}
              </Badge>
            }
          >
            Pending Products
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="vendors" pt="md">
          <Stack gap="sm">
            <ListState query={vendors} empty="No pending vendors" failure="Failed to fetch pending vendors">
              {(rows) =>
                rows.map((vendor) => (
                  <VendorCard
                    key={vendor.vendor_id}
                    vendor={vendor}
                    busy={busyOn(vendor.vendor_id)}
                    onView={() => setViewVendor(vendor)}
                    onApprove={() => act({ act: 'approve-vendor', id: vendor.vendor_id })}
                    onReject={() =>
                      setReasonTarget({ act: 'reject-vendor', id: vendor.vendor_id, name: vendor.name })
                    }
                  />
                ))
              }
            </ListState>
            <Pager
              page={vendorPager.page}
              total={vendors.data?.total ?? 0}
              onPrevious={vendorPager.previous}
              onNext={() => {
                const last = vendors.data?.rows.at(-1);
                if (last) vendorPager.next(last.vendor_id);
              }}
            />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="products" pt="md">
          <Stack gap="sm">
            <ListState
              query={products}
              empty="No pending products"
              failure="Failed to fetch pending products"
            >
              {(rows) =>
                rows.map((product) => (
                  <ProductCard
                    key={product.id}
                    product={product}
                    grant={grant}
                    busy={busyOn(product.id)}
                    onView={() => setViewProduct(product)}
                    onApprove={() => act({ act: 'approve-product', id: product.id })}
                    onReject={() =>
                      setReasonTarget({ act: 'reject-product', id: product.id, name: product.product_name })
                    }
                    onDelete={() =>
                      setReasonTarget({ act: 'delete-product', id: product.id, name: product.product_name })
                    }
                  />
                ))
              }
            </ListState>
            <Pager
              page={productPager.page}
              total={products.data?.total ?? 0}
              onPrevious={productPager.previous}
              onNext={() => {
                const last = products.data?.rows.at(-1);
                if (last) productPager.next(last.id);
              }}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <VendorDetailsModal vendor={viewVendor} grant={grant} onClose={() => setViewVendor(null)} />
      <ProductDetailsModal product={viewProduct} grant={grant} onClose={() => setViewProduct(null)} />
      {reasonTarget && (
        <ReasonModal
          opened
          title={
            reasonTarget.act === 'reject-vendor'
              ? 'Reject vendor'
              : reasonTarget.act === 'reject-product'
                ? 'Reject product'
                : 'Delete product'
          }
          subject={
            reasonTarget.act === 'delete-product'
              ? `Delete ${reasonTarget.name}? It leaves every list; the vendor is told why.`
              : `Reject ${reasonTarget.name}? The vendor is told why.`
          }
          confirmLabel={reasonTarget.act === 'delete-product' ? 'Delete' : 'Reject'}
          deletes={reasonTarget.act === 'delete-product'}
          busy={decide.isPending}
          onClose={() => setReasonTarget(null)}
          onConfirm={(reason) => act({ act: reasonTarget.act, id: reasonTarget.id, reason })}
        />
      )}
    </Stack>
  );
}

/**
 * The platform operator's console (spec 3 §2.6). The shell lets only an MD with the admin menu unlocked in;
 * the server then asks for the admin code and answers a grant that every call here carries.
 */
export function VendorAdminPage() {
  const grant = useAdminGrant();
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        Vendor Admin
      </Title>
      {grant ? <Console grant={grant} /> : <AccessPrompt />}
    </Stack>
  );
}
