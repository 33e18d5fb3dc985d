import { useEffect } from 'react';
import { useBlocker } from 'react-router';

const SIGN_IN_PATH = '/login';

/** What a settings form asks before its changes are dropped. */
export const UNSAVED_SETTINGS = 'Discard the unsaved changes to these settings?';

/** The forms on screen with changes not saved, and the question each asks before they are dropped. */
const unsaved = new Map<symbol, string>();

/** The question to ask before leaving, while a form on screen has unsaved changes; null when none has. */
export function unsavedChangesQuestion(): string | null {
  return unsaved.values().next().value ?? null;
}

/**
 * Marks a form's changes as unsaved while `dirty`: leaving its screen or tab in the app asks `question` first
 * (`useConfirmLeavingUnsaved`), and a reload or closing the tab gets the browser's own warning.
 */
export function useUnsavedChanges(dirty: boolean, question: string): void {
  useEffect(() => {
    if (!dirty) return;
    const id = Symbol(question);
    unsaved.set(id, question);
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      unsaved.delete(id);
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty, question]);
}

/**
 * Asks before an in-app navigation (another screen, another tab in ?tab=) drops unsaved changes: mounted once
 * under the data router, by the app shell.
 */
export function useConfirmLeavingUnsaved(): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsavedChangesQuestion() !== null &&
      // A sign-out (the user's own, or an expired session) has already let go of the session: never held.
      nextLocation.pathname !== SIGN_IN_PATH &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(unsavedChangesQuestion() ?? '')) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
}
