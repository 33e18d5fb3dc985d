import { Alert, Stack, Title } from '@mantine/core';
import { UnderDevelopment } from '../../components/under-development';

/** The platform operator's console (document 3); the shell lets only an MD with the admin menu unlocked in. */
export function VendorAdminPage() {
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        Vendor Admin
      </Title>
      <Alert color="yellow" variant="light">
        Vendor approval, product review and the platform admin code arrive in a later release.
      </Alert>
      <UnderDevelopment />
    </Stack>
  );
}
