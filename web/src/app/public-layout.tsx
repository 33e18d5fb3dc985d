import { MantineProvider } from '@mantine/core';
import { Outlet } from 'react-router';
import { cssVariablesResolver, theme } from '../lib/theme';
import '@mantine/core/styles.css';

/** Public screens built with Mantine (the vendor-facing pages), without the dashboard shell. */
export function PublicLayout() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Outlet />
    </MantineProvider>
  );
}
