import { useState } from 'react';
import {
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { MoneyInput } from '../../../components/money-input';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  DISCOUNT_TYPES,
  MAX_PRODUCT_IMAGES,
  MAX_VENDOR_IMAGE_BYTES,
  MAX_VENDOR_VIDEO_BYTES,
  NIGERIAN_STATES,
  VENDOR_CATEGORIES,
  VENDOR_IMAGE_ACCEPT,
  VENDOR_MESSAGES,
  VENDOR_VIDEO_ACCEPT,
  ZVendorProductRequestSchema,
  imageTooLarge,
} from '@app/domain/schemas/vendors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useUploadProduct } from '../api/upload-product';
import { ImageFileInput } from './image-file-input';

type TNumber = number | string;
type TProductForm = {
  product_name: string;
  product_description: string;
  price: TNumber;
  category: string | null;
  stock_quantity: TNumber;
  seller_state: string | null;
  within_state_fee: TNumber;
  outside_state_fee: TNumber;
  min_order_quantity: TNumber;
  max_quantity: TNumber;
  discount_type: string;
  discount_value: TNumber;
  colors: string;
  product_size: string;
  nafdac_number: string;
  product_weight: string;
};

const INITIAL: TProductForm = {
  product_name: '',
  product_description: '',
  price: '',
  category: null,
  stock_quantity: 0,
  seller_state: null,
  within_state_fee: '',
  outside_state_fee: '',
  min_order_quantity: 1,
  max_quantity: '',
  discount_type: 'None',
  discount_value: 0,
  colors: '',
  product_size: '',
  nafdac_number: '',
  product_weight: '',
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={4}>{title}</Title>
      {children}
    </Stack>
  );
}

/** The images' refusal in the spec's words (spec 3 §5), or null when they may go. */
function imagesProblem(images: File[]): string | null {
  if (images.length === 0) return VENDOR_MESSAGES.imageRequired;
  if (images.length > MAX_PRODUCT_IMAGES) return VENDOR_MESSAGES.tooManyImages;
  const large = images.find((image) => image.size > MAX_VENDOR_IMAGE_BYTES);
  return large ? imageTooLarge(large.name) : null;
}

/** The Product Upload tab (spec 3 §2.5): five sections; lists are typed comma-separated. */
export function ProductUploadForm() {
  const upload = useUploadProduct();
  const idempotency = useIdempotencyKey('vendors.upload_product');
  const [images, setImages] = useState<File[]>([]);
  const [video, setVideo] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [videoError, setVideoError] = useState<string | null>(null);
  const form = useForm<TProductForm>({
    mode: 'controlled',
    initialValues: INITIAL,
    validate: zod4Resolver(ZVendorProductRequestSchema),
  });
  const noDiscount = form.getValues().discount_type === 'None';

  const chooseVideo = (files: File[]) => {
    const file = files[0] ?? null;
    const tooLarge = file !== null && file.size > MAX_VENDOR_VIDEO_BYTES;
    setVideoError(tooLarge ? VENDOR_MESSAGES.videoTooLarge : null);
    setVideo(tooLarge ? null : file);
  };

  const submit = form.onSubmit(
    (values) => {
      const problem = imagesProblem(images);
      setImageError(problem);
      if (problem) return;
      const body = ZVendorProductRequestSchema.parse(values);
      const fingerprint = {
        body,
        images: images.map((image) => [image.name, image.size]),
        video: video?.name,
      };
      upload.mutate(
        { body, images, video, idempotencyKey: idempotency.keyFor(fingerprint) },
        {
          onSuccess: (answer) => {
            notifySuccess(answer.message);
            idempotency.reset();
            form.reset();
            setImages([]);
            setVideo(null);
          },
          onError: (error) => notifyError(error, VENDOR_MESSAGES.uploadFailed),
        },
      );
    },
    () => setImageError(imagesProblem(images)),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Product upload">
      <Stack gap="lg">
        <Section title="Product Information">
          <TextInput label="Product name" required maxLength={200} {...form.getInputProps('product_name')} />
          <Textarea
            label="Product description"
            required
            autosize
            minRows={3}
            maxLength={4000}
            {...form.getInputProps('product_description')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <MoneyInput label="Price (₦)" required {...form.getInputProps('price')} />
            <Select
              label="Category"
              required
              placeholder="Choose a category"
              data={[...VENDOR_CATEGORIES]}
              {...form.getInputProps('category')}
            />
            <NumberInput
              label="Stock quantity"
              required
              min={0}
              allowDecimal={false}
              {...form.getInputProps('stock_quantity')}
            />
          </SimpleGrid>
        </Section>

        <Section title="Delivery Information">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label="Seller state"
              required
              searchable
              placeholder="Choose a state"
              data={[...NIGERIAN_STATES]}
              {...form.getInputProps('seller_state')}
            />
            <NumberInput
              label="Within-state delivery fee (₦)"
              required
              min={0}
              step={0.01}
              decimalScale={2}
              {...form.getInputProps('within_state_fee')}
            />
            <NumberInput
              label="Outside-state delivery fee (₦)"
              required
              min={0}
              step={0.01}
              decimalScale={2}
              {...form.getInputProps('outside_state_fee')}
            />
            <NumberInput
              label="Minimum order quantity"
              required
              min={1}
              allowDecimal={false}
              {...form.getInputProps('min_order_quantity')}
            />
            <NumberInput
              label="Maximum quantity"
              required
              min={1}
              allowDecimal={false}
              {...form.getInputProps('max_quantity')}
            />
          </SimpleGrid>
        </Section>

        <Section title="Discount (optional)">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Discount type"
              data={[...DISCOUNT_TYPES]}
              allowDeselect={false}
              {...form.getInputProps('discount_type')}
            />
            <NumberInput
              label="Discount value"
              description={form.getValues().discount_type === 'Percentage' ? '0-100' : 'Amount in ₦'}
              min={0}
              step={0.01}
              decimalScale={2}
              disabled={noDiscount}
              {...form.getInputProps('discount_value')}
            />
          </SimpleGrid>
        </Section>

        <Section title="Specifications (optional)">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Colors"
              placeholder="Red, Blue, Gold"
              description="Separate with commas"
              {...form.getInputProps('colors')}
            />
            <TextInput
              label="Sizes"
              placeholder="S, M, L"
              description="Separate with commas"
              {...form.getInputProps('product_size')}
            />
            <TextInput label="NAFDAC number" maxLength={50} {...form.getInputProps('nafdac_number')} />
            <TextInput
              label="Product weight"
              placeholder="1.2kg"
              maxLength={50}
              {...form.getInputProps('product_weight')}
            />
          </SimpleGrid>
        </Section>

        <Section title="Media">
          <ImageFileInput
            label="Product images"
            description="One or two photos (PNG or JPG), each at most 10MB"
            required
            multiple
            accept={VENDOR_IMAGE_ACCEPT}
            files={images}
            error={imageError}
            onChange={(files) => {
              setImages(files);
              setImageError(files.length > 0 ? imagesProblem(files) : null);
            }}
          />
          <ImageFileInput
            label="Video (optional)"
            description="MP4 or WebM, less than 15MB"
            accept={VENDOR_VIDEO_ACCEPT}
            files={video ? [video] : []}
            error={videoError}
            preview={false}
            onChange={chooseVideo}
          />
        </Section>

        <Group justify="flex-end">
          <Text size="sm" c="dimmed" mr="auto">
            New products are reviewed before they show on the marketplace.
          </Text>
          <Button type="submit" loading={upload.isPending}>
            Upload Product
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
