import { randomBytes } from 'node:crypto';

/** A 1×1 PNG (the signature is what makes it an image). */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export type TFilePart = { field: string; filename: string; content: Buffer };

/** A multipart body with text fields and any number of files (a field may repeat). */
export function multipart(fields: Record<string, string>, files: TFilePart[]) {
  const boundary = `----vendors${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const png = (field: string, filename = `${field}.png`): TFilePart => ({
  field,
  filename,
  content: PNG_BYTES,
});

/** A valid registration's fields. */
export const registration = (overrides: Record<string, string> = {}) => ({
  name: 'Adaeze Fabrics',
  category: 'Fashion',
  vendor_phone: '0803 123 4567',
  location: '12 Balogun Street, Lagos Island',
  delivery_scope: 'Anywhere in Nigeria',
  description: 'Ankara and lace wholesale',
  contact_link: 'https://adaeze.example.com',
  nin: '12345678901',
  cac: 'RC123456',
  accept_vendor_terms: 'true',
  ...overrides,
});
export const REQUIRED_DOCUMENTS = [png('gov_id'), png('location_proof'), png('bulk_proof')];

/** A valid product's fields (lists as JSON text, as the form sends them). */
export const product = (overrides: Record<string, string> = {}) => ({
  product_name: 'Ankara print 6 yards',
  product_description: 'Cotton wax print, 6 yards',
  price: '15000.50',
  category: 'Fashion',
  stock_quantity: '40',
  seller_state: 'Lagos',
  within_state_fee: '1500',
  outside_state_fee: '3500',
  min_order_quantity: '2',
  max_quantity: '20',
  discount_type: 'Percentage',
  discount_value: '10',
  colors: '["red","gold"]',
  product_size: '["6 yards"]',
  nafdac_number: '',
  product_weight: '1.2kg',
  ...overrides,
});
