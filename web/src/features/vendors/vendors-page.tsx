import { Alert, Anchor, Group, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { VENDOR_MESSAGES } from '@app/domain/schemas/vendors';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useOwnVendor } from './api/get-own-vendor';
import { OwnProducts } from './components/own-products';
import { OwnVendorStatus } from './components/own-vendor-status';
import { ProductUploadForm } from './components/product-upload-form';
import { VendorRegistrationForm } from './components/vendor-registration-form';

/** Vendor Management (spec 3 §2.5): Vendor Registration and Product Upload, with the state of each. */
export function VendorsPage() {
  useDocumentTitle('Vendors');
  const own = useOwnVendor();
  const firstTab = useLocation().pathname.endsWith('vendor-product-upload') ? 'products' : 'registration';
  const vendor = own.data?.vendor ?? null;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2}>Vendor Management</Title>
        <Anchor
          component={Link}
          to="/marketplace"
          target="_blank"
          size="sm"
          mih={44}
          style={{ display: 'inline-flex', alignItems: 'center' }}
        >
          View the marketplace
        </Anchor>
      </Group>
      {own.isPending ? (
        <Skeleton height={240} aria-label="Loading your vendor profile" />
      ) : own.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(own.error, 'Failed to load your vendor profile')}
        </Alert>
      ) : (
        <Tabs defaultValue={firstTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="registration">Vendor Registration</Tabs.Tab>
            <Tabs.Tab value="products">Product Upload</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="registration" pt="md">
            <Stack gap="md">
              {vendor && <OwnVendorStatus vendor={vendor} />}
              {(!vendor || vendor.status === 'rejected') && <VendorRegistrationForm />}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="products" pt="md">
            {vendor ? (
              <Stack gap="xl">
                <ProductUploadForm />
                <OwnProducts />
              </Stack>
            ) : (
              <Alert color="blue">{VENDOR_MESSAGES.noVendor}</Alert>
            )}
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
