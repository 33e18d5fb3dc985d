import { useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { api, API_BASE } from '../lib/api-client';
import { downloadBlob } from '../lib/csv';
import { notifyError } from '../lib/notify';

/** Keeps an opened file's address alive long enough for a slow phone to show it. */
const KEEP_OPEN_URL_MS = 5 * 60_000;

/**
 * Opens an uploaded file (an invoice) that only a signed-in caller may read: it is fetched with the bearer
 * token, then shown in a new tab, or downloaded where the browser opens no tab.
 */
export async function openStoredFile(url: string, filename: string): Promise<void> {
  // The tab opens now, in the click: opened after the download, a popup blocker would stop it.
  const tab = window.open('', '_blank');
  try {
    const path = url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url;
    const blob = await api.getBlob(path);
    if (!tab) {
      downloadBlob(filename, blob);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    tab.location.href = objectUrl;
    setTimeout(() => URL.revokeObjectURL(objectUrl), KEEP_OPEN_URL_MS);
  } catch (error) {
    tab?.close();
    notifyError(error, 'Failed to open the file');
  }
}

/** "View invoice": opens an uploaded file of a record. */
export function StoredFileButton({
  url,
  filename,
  label = 'View invoice',
  ...props
}: { url: string; filename: string; label?: string } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const [opening, setOpening] = useState(false);
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconFileInvoice size={16} aria-hidden="true" />}
      {...props}
      loading={opening}
      onClick={() => {
        setOpening(true);
        void openStoredFile(url, filename).finally(() => setOpening(false));
      }}
    >
      {label}
    </Button>
  );
}
