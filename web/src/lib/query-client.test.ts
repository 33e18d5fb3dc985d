import { describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { myPermissionsKeys } from './api/get-my-permissions';
import { createQueryClient } from './query-client';

/** A client whose permissions query is on screen, counting its reads. */
function clientWithPermissions() {
  const client = createQueryClient();
  const readPermissions = vi.fn(async () => ({ permissions: [], permission_codes: [] }));
  const observer = new QueryObserver(client, { queryKey: myPermissionsKeys.all, queryFn: readPermissions });
  const stop = observer.subscribe(() => {});
  return { client, readPermissions, stop };
}

const refused = (status: number) => () => Promise.reject(new ApiError('You do not have permission', status));

describe('a refused call', () => {
  it('reads the user’s keys again after a 403, once however many calls were refused together', async () => {
    const { client, readPermissions, stop } = clientWithPermissions();
    await vi.waitFor(() => expect(readPermissions).toHaveBeenCalledTimes(1));

    await client.fetchQuery({ queryKey: ['expenses'], queryFn: refused(403) }).catch(() => {});
    await client.fetchQuery({ queryKey: ['requisitions'], queryFn: refused(403) }).catch(() => {});
    await client
      .getMutationCache()
      .build(client, { mutationFn: refused(403) })
      .execute(undefined)
      .catch(() => {});
    await vi.waitFor(() => expect(readPermissions).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readPermissions).toHaveBeenCalledTimes(2);
    stop();
  });

  it('leaves the keys alone on another refusal', async () => {
    const { client, readPermissions, stop } = clientWithPermissions();
    await vi.waitFor(() => expect(readPermissions).toHaveBeenCalledTimes(1));
    await client.fetchQuery({ queryKey: ['sale'], queryFn: refused(404) }).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readPermissions).toHaveBeenCalledTimes(1);
    stop();
  });
});
