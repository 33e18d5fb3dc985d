import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { UpdatePrompt } from '../components/update-prompt';
import { initSession } from '../lib/auth-storage';
import { setNavigator } from '../lib/navigation';
import { router } from './router';
import './global.css';

// A stored token that is expired or lacks `exp` is removed before anything renders (spec 1 §4).
initSession();
setNavigator((path) => void router.navigate(path));

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
    <UpdatePrompt />
  </StrictMode>,
);
