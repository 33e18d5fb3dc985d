import { useEffect, useSyncExternalStore } from 'react';
import { serviceWorkerUpdates, type TUpdateStore } from '../lib/service-worker';
import './update-prompt.css';

/**
 * "New version available" with a Reload button, once a new build's service worker is waiting. Mounted once
 * at the app root (outside Mantine, so it shows on the light login and landing screens too).
 */
export function UpdatePrompt({ updates = serviceWorkerUpdates }: { updates?: TUpdateStore }) {
  useEffect(() => updates.start(), [updates]);
  const apply = useSyncExternalStore(updates.subscribe, updates.getWaiting, () => null);
  if (!apply) return null;
  return (
    <div className="update-prompt" role="status">
      <span>New version available</span>
      <button type="button" className="update-prompt-button" onClick={apply}>
        Reload
      </button>
    </div>
  );
}
