import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { UpdatePrompt } from '../components/update-prompt';
import { probeServer, startSession } from '../lib/api-client';
import { setNavigator } from '../lib/navigation';
import { router } from './router';
import './global.css';

// A stored token that is expired or lacks `exp` is removed before anything renders (spec 1 §4), unless the
// device is offline or the server does not answer (auth-storage.ts `isOfflineOnlySession`).
await startSession();
setNavigator((path) => void router.navigate(path));
// A session kept only for offline work ends once the network returns and the server answers: the user signs
// in to send its sales.
window.addEventListener('online', () => void probeServer());

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// A transition, so React renders the first screen in short tasks and a slow phone's main thread stays free to
// take a tap (a plain render is one task of several hundred milliseconds there).
startTransition(() =>
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </StrictMode>,
  ),
);
