import { useCallback, useState } from 'react';

type TState<T> = { pending: boolean; error: unknown; data: T | null };

/**
 * A one-shot request for the public screens, which load without TanStack Query to stay small.
 * Signed-in screens use TanStack Query mutations.
 */
export function useAction<TInput, TResult>(action: (input: TInput) => Promise<TResult>) {
  const [state, setState] = useState<TState<TResult>>({ pending: false, error: null, data: null });
  const run = useCallback(
    async (input: TInput): Promise<TResult | null> => {
      setState({ pending: true, error: null, data: null });
      try {
        const data = await action(input);
        setState({ pending: false, error: null, data });
        return data;
      } catch (error) {
        setState({ pending: false, error, data: null });
        return null;
      }
    },
    [action],
  );
  /** Forgets the last answer (a new attempt that the form's own checks stopped is not the old failure). */
  const reset = useCallback(() => setState({ pending: false, error: null, data: null }), []);
  return { ...state, run, reset };
}
