import type { ReactNode } from 'react';
import { Anchor, Button, Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import type { TPendingProduct, TPendingVendor } from '@app/domain/schemas/vendor-admin';
import { formatCount, formatDate, formatMoney } from '../../../lib/format';
import { openAdminFile } from '../api/open-admin-file';
import { AdminImage } from './admin-image';

function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder fz="sm">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={{ base: 120, sm: 170 }}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function VendorDetailsModal({
  vendor,
  grant,
  onClose,
}: {
  vendor: TPendingVendor | null;
  grant: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={vendor !== null} onClose={onClose} title="Vendor details" size="lg" centered>
      {vendor && (
        <Stack gap="md">
          <Fields
            rows={[
              ['Vendor name', vendor.name],
              ['Business', vendor.business_name],
              ['Category', vendor.category],
              ['Location', vendor.location],
              ['Phone', vendor.vendor_phone],
              [
                'Contact link',
                vendor.contact_link ? (
                  <Anchor href={vendor.contact_link} target="_blank" rel="noreferrer noopener">
                    {vendor.contact_link}
                  </Anchor>
                ) : null,
              ],
              ['Delivery scope', vendor.delivery_scope],
              ['NIN', vendor.nin],
              ['CAC', vendor.cac],
              ['Description', vendor.description],
              ['Accepted terms', vendor.accept_vendor_terms ? 'Yes' : 'No'],
              ['Submitted', formatDate(vendor.created_at)],
            ]}
          />
          <div>
            <Text fw={600} mb="xs">
              Documents
            </Text>
            {vendor.documents.length === 0 ? (
              <Text size="sm" c="dimmed">
                No documents uploaded
              </Text>
            ) : (
              <Group gap="xs">
                {vendor.documents.map((doc) => (
                  <Button
                    key={doc.url}
                    size="xs"
                    variant="light"
                    leftSection={<IconFileText size={16} aria-hidden="true" />}
                    onClick={() => void openAdminFile(doc.url, grant)}
                  >
                    {doc.label}
                  </Button>
                ))}
              </Group>
            )}
          </div>
        </Stack>
      )}
    </Modal>
  );
}

export function ProductDetailsModal({
  product,
  grant,
  onClose,
}: {
  product: TPendingProduct | null;
  grant: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={product !== null} onClose={onClose} title="Product details" size="lg" centered>
      {product && (
        <Stack gap="md">
          {product.product_images.length > 0 && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {product.product_images.map((url, index) => (
                <AdminImage
                  key={url}
                  url={url}
                  grant={grant}
                  alt={`${product.product_name}, image ${index + 1}`}
                  h={180}
                />
              ))}
            </SimpleGrid>
          )}
          {product.video_url && (
            <Button
              size="xs"
              variant="light"
              w="fit-content"
              onClick={() => void openAdminFile(product.video_url!, grant)}
            >
              Open video
            </Button>
          )}
          <Fields
            rows={[
              ['Product', product.product_name],
              ['Vendor', product.vendor_name],
              ['Description', product.product_description],
              ['Category', product.category],
              ['Price', formatMoney(product.price)],
              ['Stock', formatCount(product.stock_quantity)],
              ['Seller state', product.seller_state],
              ['Within-state fee', formatMoney(product.within_state_fee)],
              ['Outside-state fee', formatMoney(product.outside_state_fee)],
              ['Min order', formatCount(product.min_order_quantity)],
              ['Max quantity', product.max_quantity === null ? null : formatCount(product.max_quantity)],
              [
                'Discount',
                product.discount_type === 'None'
                  ? 'None'
                  : product.discount_type === 'Percentage'
                    ? `${product.discount_value}%`
                    : formatMoney(product.discount_value),
              ],
              ['Colours', product.colors.join(', ') || null],
              ['Sizes', product.product_size.join(', ') || null],
              ['NAFDAC number', product.nafdac_number],
              ['Weight', product.product_weight],
              ['Submitted', formatDate(product.created_at)],
            ]}
          />
        </Stack>
      )}
    </Modal>
  );
}
