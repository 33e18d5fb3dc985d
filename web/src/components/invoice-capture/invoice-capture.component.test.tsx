import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { InvoiceCapture } from './invoice-capture';
import { invoiceFileProblem, photoFile } from './invoice-capture-file';

function Harness() {
  const [file, setFile] = useState<File | null>(null);
  return <InvoiceCapture id="invoice" label="Invoice" value={file} onChange={setFile} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('invoice file rules (spec 2 §5)', () => {
  it('takes PNG, JPG and PDF up to 10 MB', () => {
    const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
    expect(invoiceFileProblem(null)).toBeNull();
    expect(invoiceFileProblem(file('a.png', 'image/png'))).toBeNull();
    expect(invoiceFileProblem(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(invoiceFileProblem(file('a.pdf', 'application/pdf', 10_485_760))).toBeNull();
    expect(invoiceFileProblem(file('a.pdf', 'application/pdf', 10_485_761))).toBe(
      'File too large. Maximum size is 10MB.',
    );
    expect(invoiceFileProblem(file('a.gif', 'image/gif'))).toBe(
      'Invalid file type. Please upload PNG, JPG, or PDF',
    );
    expect(invoiceFileProblem(file('scan.JPEG', ''))).toBeNull();
  });

  it('names a camera photo as a JPEG', () => {
    const photo = photoFile(new Blob(['x'], { type: 'image/jpeg' }), new Date('2026-11-22T10:15:00.000Z'));
    expect(photo.name).toBe('invoice-photo-2026-11-22T10-15-00-000Z.jpg');
    expect(photo.type).toBe('image/jpeg');
  });
});

describe('InvoiceCapture camera', () => {
  it('reports a refused camera and goes back to idle', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: vi.fn().mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError')),
      },
    });
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Take photo' }));
    expect(screen.getByLabelText('Camera preview')).toBeTruthy();
    expect(await screen.findByText('Failed to access camera: Permission denied')).toBeTruthy();
    expect(screen.queryByLabelText('Camera preview')).toBeNull();
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeTruthy();
  });
});
