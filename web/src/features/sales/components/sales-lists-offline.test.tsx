import 'fake-indexeddb/auto';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { renderWithProviders, signInForTest } from '../../../test/render';
import { FilterTab } from './filter-tab';
import { ListTab } from './list-tab';
import { PendingTab } from './pending-tab';
import { ProformaListTab } from './proforma-list-tab';
import { ReportTab } from './report-tab';

const OFFLINE_LIST = 'You are offline: this list will load when the connection returns.';
const OFFLINE_REPORT = 'You are offline: this report will load when the connection returns.';

afterEach(() => {
  // Unmounted first: back online, a paused list would fetch for real.
  cleanup();
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the Sales lists opened offline with nothing kept', () => {
  const tabs: [string, ReactElement, string][] = [
    ['List', <ListTab />, OFFLINE_LIST],
    ['Pending', <PendingTab />, OFFLINE_LIST],
    ['Proforma List', <ProformaListTab />, OFFLINE_LIST],
    ['Report', <ReportTab />, OFFLINE_REPORT],
  ];

  it.each(tabs)(
    '%s says it will load when the connection returns, instead of spinning',
    async (_, tab, text) => {
      signInForTest('md');
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      onlineManager.setOnline(false);
      const server = fetchRoutes({});
      vi.stubGlobal('fetch', server.fetch);
      renderWithProviders(tab);
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(server.calls).toHaveLength(0);
    },
  );

  it('Filter says the same once filters are applied', async () => {
    signInForTest('md');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    const server = fetchRoutes({});
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<FilterTab />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Keyword' }), { target: { value: 'ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(OFFLINE_LIST)).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });
});
