import { useState } from 'react';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useNavigate } from 'react-router';
import {
  DELIVERY_SCOPES,
  MAX_VENDOR_IMAGE_BYTES,
  VENDOR_CATEGORIES,
  VENDOR_DOCUMENTS,
  VENDOR_IMAGE_ACCEPT,
  VENDOR_MESSAGES,
  ZVendorRegistrationRequestSchema,
  documentRequired,
  type TVendorDocumentField,
} from '@app/domain/schemas/vendors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRegisterVendor, type TVendorDocuments } from '../api/register-vendor';
import { ImageFileInput } from './image-file-input';
import { TermsModal } from './terms-modal';

type TRegistrationForm = {
  name: string;
  category: string | null;
  vendor_phone: string;
  show_phone: boolean;
  location: string;
  delivery_scope: string | null;
  description: string;
  contact_link: string;
  nin: string;
  cac: string;
  accept_vendor_terms: boolean;
};

const INITIAL: TRegistrationForm = {
  name: '',
  category: null,
  vendor_phone: '',
  show_phone: false,
  location: '',
  delivery_scope: null,
  description: '',
  contact_link: '',
  nin: '',
  cac: '',
  accept_vendor_terms: false,
};

/** The Vendor Registration tab (spec 3 §2.5, §5): the business's details, its documents and the terms. */
export function VendorRegistrationForm() {
  const navigate = useNavigate();
  const register = useRegisterVendor();
  const [termsOpen, setTermsOpen] = useState(false);
  const [documents, setDocuments] = useState<TVendorDocuments>({});
  const [documentErrors, setDocumentErrors] = useState<Partial<Record<TVendorDocumentField, string>>>({});
  const form = useForm<TRegistrationForm>({
    mode: 'controlled',
    initialValues: INITIAL,
    validate: zod4Resolver(ZVendorRegistrationRequestSchema),
  });

  const chooseDocument = (field: TVendorDocumentField, files: File[]) => {
    const file = files[0] ?? null;
    const tooLarge = file !== null && file.size > MAX_VENDOR_IMAGE_BYTES;
    setDocumentErrors((errors) => ({
      ...errors,
      [field]: tooLarge ? VENDOR_MESSAGES.fileTooLarge : undefined,
    }));
    setDocuments((chosen) => ({ ...chosen, [field]: tooLarge ? null : file }));
  };

  const missingDocuments = () => {
    const errors: Partial<Record<TVendorDocumentField, string>> = {};
    for (const document of VENDOR_DOCUMENTS) {
      // A file refused as too large keeps saying so: "required" would hide why it was not taken.
      const refused = documentErrors[document.field];
      if (refused) errors[document.field] = refused;
      else if (document.required && !documents[document.field])
        errors[document.field] = documentRequired(document.label);
    }
    setDocumentErrors(errors);
    return Object.keys(errors).length > 0;
  };

  const submit = form.onSubmit(
    (values) => {
      if (missingDocuments()) return;
      register.mutate(
        { body: values, documents },
        {
          onSuccess: (answer) => {
            notifySuccess(answer.message);
            form.reset();
            setDocuments({});
          },
          onError: (error) => notifyError(error, VENDOR_MESSAGES.registerFailed),
        },
      );
    },
    () => missingDocuments(),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Vendor registration">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Business name" required maxLength={200} {...form.getInputProps('name')} />
          <Select
            label="Category"
            required
            placeholder="Choose a category"
            data={[...VENDOR_CATEGORIES]}
            {...form.getInputProps('category')}
          />
          <TextInput
            label="Phone"
            required
            type="tel"
            placeholder="0803 123 4567"
            {...form.getInputProps('vendor_phone')}
          />
          <Select
            label="Delivery scope"
            required
            placeholder="Where you deliver"
            data={[...DELIVERY_SCOPES]}
            {...form.getInputProps('delivery_scope')}
          />
        </SimpleGrid>
        <Checkbox
          label="Show my phone on the marketplace (buyers can reach me on WhatsApp)"
          {...form.getInputProps('show_phone', { type: 'checkbox' })}
        />
        <TextInput label="Location" required maxLength={300} {...form.getInputProps('location')} />
        <Textarea
          label="Description"
          required
          autosize
          minRows={3}
          maxLength={2000}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Contact link"
            placeholder="https://..."
            type="url"
            {...form.getInputProps('contact_link')}
          />
          <TextInput label="NIN" inputMode="numeric" maxLength={11} {...form.getInputProps('nin')} />
          <TextInput label="CAC number" maxLength={30} {...form.getInputProps('cac')} />
        </SimpleGrid>

        <section aria-labelledby="vendor-documents-heading">
          <Text id="vendor-documents-heading" fw={700} mb={4}>
            Documents
          </Text>
          <Text size="sm" c="dimmed" mb="xs">
            Photos (PNG or JPG), each less than 10MB.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {VENDOR_DOCUMENTS.map((document) => (
              <ImageFileInput
                key={document.field}
                label={document.label}
                required={document.required}
                accept={VENDOR_IMAGE_ACCEPT}
                files={documents[document.field] ? [documents[document.field]!] : []}
                error={documentErrors[document.field] ?? null}
                onChange={(files) => chooseDocument(document.field, files)}
              />
            ))}
          </SimpleGrid>
        </section>

        <Checkbox
          label={
            <>
              I accept the{' '}
              <Anchor component="button" type="button" onClick={() => setTermsOpen(true)}>
                vendor terms and conditions
              </Anchor>
            </>
          }
          {...form.getInputProps('accept_vendor_terms', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate('/dashboard')}>
            Cancel
          </Button>
          <Button type="submit" loading={register.isPending}>
            Submit Registration
          </Button>
        </Group>
      </Stack>
      <TermsModal
        opened={termsOpen}
        onClose={() => setTermsOpen(false)}
        onAccept={() => {
          form.setFieldValue('accept_vendor_terms', true);
          setTermsOpen(false);
        }}
      />
    </form>
  );
}
