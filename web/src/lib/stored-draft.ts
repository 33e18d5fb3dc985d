import { getAuthSnapshot } from './auth-storage';

/**
 * A form's unsent work kept in localStorage per user, so a reload, a crash or a power cut does not
 * lose a half-entered sale. `read` answers null when there is none or it cannot be read.
 */
export function storedDraft<T>(scope: string) {
  const storageKey = () => `draft.${getAuthSnapshot().userId ?? 'anonymous'}.${scope}`;
  return {
    read(): T | null {
      try {
        return JSON.parse(localStorage.getItem(storageKey()) ?? 'null') as T | null;
      } catch {
        return null;
      }
    },
    save(draft: T): void {
      try {
        localStorage.setItem(storageKey(), JSON.stringify(draft));
      } catch {
        // A full or disabled storage only loses the draft, never the form.
      }
    },
    clear(): void {
      localStorage.removeItem(storageKey());
    },
  };
}
