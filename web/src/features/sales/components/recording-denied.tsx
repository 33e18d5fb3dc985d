import { Alert } from '@mantine/core';
import { DENIED_MESSAGES } from '@app/domain/permissions/denied';

export const RECORDING_KEY = 'sales.create.access';

/** Add Sale and Proforma without the key that records them: said at once, instead of a form that only fails. */
export function RecordingDenied() {
  return (
    <Alert color="yellow" variant="light" role="status">
      {DENIED_MESSAGES[RECORDING_KEY]}
    </Alert>
  );
}
