import { AspectRatio, Badge, Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconExternalLink, IconPhoto } from '@tabler/icons-react';
import type { TMarketplaceProduct } from '@app/domain/schemas/vendors';
import { API_BASE } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';

/** The discount in words: "10% off" or "₦500.00 off". */
function discountText(product: TMarketplaceProduct): string | null {
  if (product.discount_type === 'None' || product.discount_value === 0) return null;
  return product.discount_type === 'Percentage'
    ? `${product.discount_value}% off`
    : `${formatMoney(product.discount_value)} off`;
}

/** Where the vendor delivers and for how much: a vendor who delivers within its state has no outside fee. */
function deliveryText(product: TMarketplaceProduct): string {
  const within = `${formatMoney(product.within_state_fee)} within ${product.seller_state}`;
  return product.vendor.delivery_scope === 'Within State'
    ? `Delivery: ${within} only`
    : `Delivery: ${within}, ${formatMoney(product.outside_state_fee)} outside`;
}

/** One approved product: its first image in a fixed square (loaded lazily), price, delivery and contact. */
export function ProductCard({ product }: { product: TMarketplaceProduct }) {
  const discount = discountText(product);
  const image = product.product_images[0];
  const contact = product.vendor.contact_url;
  const byWhatsapp = product.vendor.phone !== null;
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={product.product_name}>
      <Card.Section>
        <AspectRatio ratio={1}>
          {image ? (
            <img
              src={`${API_BASE}${image.replace(/^\/api/, '')}`}
              alt={product.product_name}
              loading="lazy"
              decoding="async"
              width={400}
              height={400}
              style={{ objectFit: 'cover', width: '100%', height: '100%' }}
            />
          ) : (
            <Box bg="gray.1" style={{ display: 'grid', placeItems: 'center' }}>
              <IconPhoto size={32} color="var(--mantine-color-gray-5)" />
            </Box>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text fw={600} lineClamp={2}>
          {product.product_name}
        </Text>
        <Group gap="xs" align="baseline">
          <Text fw={700} size="lg">
            {formatMoney(product.final_price)}
          </Text>
          {discount && (
            <>
              <Text size="sm" c="dimmed" td="line-through">
                {formatMoney(product.price)}
              </Text>
              <Badge color="green" variant="light" size="sm">
                {discount}
              </Badge>
            </>
          )}
        </Group>
        {product.stock_quantity === 0 && (
          <Badge color="gray" variant="light" size="sm">
            Out of stock
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {deliveryText(product)}
        </Text>
        <Text size="xs" c="dimmed">
          {product.category} · Min. order {product.min_order_quantity}
        </Text>
        <Text size="sm" lineClamp={2}>
          {product.vendor.name} · {product.vendor.location}
        </Text>
        {contact && (
          <Button
            component="a"
            href={contact}
            target="_blank"
            rel="noopener noreferrer"
            color={byWhatsapp ? 'green' : undefined}
            aria-label={byWhatsapp ? 'Chat on WhatsApp' : 'Contact vendor'}
            leftSection={byWhatsapp ? <IconBrandWhatsapp size={18} /> : <IconExternalLink size={16} />}
            size="sm"
            fullWidth
            mt={4}
          >
            {byWhatsapp ? 'WhatsApp' : 'Contact'}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
