import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { myPermissionsKeys } from './api/get-my-permissions';

/** At most one permissions read per this gap, however many calls a screen's refusals come from. */
export const REFUSAL_REFRESH_GAP_MS = 5_000;

export function createQueryClient(): QueryClient {
  let refreshedAt = -Infinity;
  // A 403 may mean the MD just took a key away: the user's keys are read again, so the screens stop offering
  // what the server now refuses (the permissions call itself never throws).
  const onError = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 403) return;
    if (Date.now() - refreshedAt < REFUSAL_REFRESH_GAP_MS) return;
    refreshedAt = Date.now();
    void client.invalidateQueries({ queryKey: myPermissionsKeys.all });
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change on retry; a network failure or a 5xx may.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
