import { isMdRole } from '@app/domain/permissions/check';
import { useAuth } from '../../../lib/use-auth';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useReviewFlags } from '../api/get-review-flags';
import { useResolveFlag } from '../api/resolve-flag';
import { FlagList } from './flag-list';
import { ListStates } from './list-states';

/** The flags not yet resolved; the MD resolves them here or on the dashboard. */
export function FlaggedTab() {
  const isMd = isMdRole(useAuth().role);
  const flags = useReviewFlags();
  const resolve = useResolveFlag();
  const rows = flags.data?.pages.flatMap((page) => page.flags) ?? [];
  return (
    <ListStates
      label="flagged records"
      isPending={flags.isPending}
      error={flags.error}
      empty={rows.length === 0}
      emptyText="No open flags"
      hasNextPage={flags.hasNextPage}
      isFetchingNextPage={flags.isFetchingNextPage}
      onLoadMore={() => void flags.fetchNextPage()}
    >
      <FlagList
        flags={rows}
        resolvingId={resolve.isPending ? (resolve.variables ?? null) : null}
        onResolve={
          isMd
            ? (flag) =>
                resolve.mutate(flag.id, {
                  onSuccess: () => notifySuccess('Flag resolved'),
                  onError: (error) => notifyError(error, 'Failed to resolve flag'),
                })
            : null
        }
      />
    </ListStates>
  );
}
