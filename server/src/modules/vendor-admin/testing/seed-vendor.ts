import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TConfig } from '../../../platform/config.ts';
import type { DatabaseHandle } from '../../../platform/db/client.ts';
import { storedFiles, users, vendorProducts, vendors } from '../../../platform/db/schema/index.ts';
import { createUploadsStorage } from '../../../platform/storage/uploads.ts';

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The test app's parts the seed writes through: its database and where it keeps uploads. */
type TSeedTarget = { database: DatabaseHandle; config: Pick<TConfig, 'dataDir' | 's3'> };

/** A stored PNG of the business, where the files module keeps uploads. */
async function storePng(t: TSeedTarget, tenantId: number, name: string): Promise<string> {
  const id = randomUUID();
  await (await createUploadsStorage(t.database, t.config)).put(`${tenantId}/${id}`, PNG_BYTES);
  await t.database.db.insert(storedFiles).values({
    id,
    tenantId,
    purpose: 'vendor_document',
    originalName: name,
    contentType: 'image/png',
    sizeBytes: PNG_BYTES.length,
  });
  return id;
}

/**
 * A pending vendor of the MD's business with a government ID document, and one pending product with an image,
 * written straight to the tables (the vendors module's registration is tested there).
 */
export async function seedPendingVendor(
  t: TSeedTarget,
  md: { userId: number },
  options: { name?: string; productName?: string } = {},
) {
  const db = t.database.db;
  const [user] = await db.select({ tenantId: users.tenantId }).from(users).where(eq(users.id, md.userId));
  const tenantId = user!.tenantId;
  const govIdFileId = await storePng(t, tenantId, 'gov-id.png');
  const imageFileId = await storePng(t, tenantId, 'product.png');
  const [vendor] = await db
    .insert(vendors)
    .values({
      tenantId,
      name: options.name ?? 'Ada Foods',
      category: 'Food & Beverages',
      location: 'Ikeja, Lagos',
      vendorPhone: '08031234567',
      deliveryScope: 'Within State',
      acceptedTermsAt: new Date(),
      govIdFileId,
      userId: md.userId,
    })
    .returning({ id: vendors.id });
  const [product] = await db
    .insert(vendorProducts)
    .values({
      tenantId,
      vendorId: vendor!.id,
      productName: options.productName ?? 'Palm Oil 5L',
      productDescription: 'Fresh red palm oil',
      priceKobo: 1_250_050,
      category: 'Food & Beverages',
      stockQuantity: 40,
      sellerState: 'Lagos',
      nafdacNumber: 'A1-2345',
      imageFileIds: [imageFileId],
      userId: md.userId,
    })
    .returning({ id: vendorProducts.id });
  return { tenantId, vendorId: vendor!.id, productId: product!.id, govIdFileId, imageFileId };
}
