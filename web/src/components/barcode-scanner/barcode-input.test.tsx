import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal } from '@mantine/core';
import { renderWithProviders } from '../../test/render';
import { BarcodeInput } from './barcode-input';

// The decoder is not needed to test the input; it stays loading.
vi.mock('./barcode-decoder', () => ({ loadBarcodeDecoder: () => new Promise(() => {}) }));

describe('BarcodeInput', () => {
  it('takes a keyboard-wedge scan (text + Enter) without submitting the form around it', () => {
    const onScan = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithProviders(
      <form onSubmit={onSubmit}>
        <BarcodeInput onScan={onScan} clearOnScan />
        <button type="submit">Save</button>
      </form>,
    );
    const input = screen.getByRole('textbox', { name: 'Barcode' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: ' 6151100032021 ' } });
    fireEvent.keyDown(input, { key: 'Enter' });

    expect(onScan).toHaveBeenCalledWith('6151100032021');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input.value).toBe('');
  });

  it('ignores Enter on an empty field and keeps the code when not clearing', () => {
    const onScan = vi.fn();
    renderWithProviders(<BarcodeInput onScan={onScan} />);
    const input = screen.getByRole('textbox', { name: 'Barcode' }) as HTMLInputElement;
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onScan).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '12345670' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onScan).toHaveBeenCalledWith('12345670');
    expect(input.value).toBe('12345670');
  });

  it('opens the camera scanner and reports a denied camera', async () => {
    renderWithProviders(<BarcodeInput onScan={() => {}} />);
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Scan with camera' }));
    expect(await screen.findByText('Failed to access camera. Please check permissions.')).toBeTruthy();
  });

  it('closes only the scanner on Escape when it was opened from a form modal', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const closeForm = vi.fn();
    renderWithProviders(
      <Modal opened onClose={closeForm} title="Add New Item">
        <BarcodeInput onScan={() => {}} />
      </Modal>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Scan with camera' }));
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    cancel.focus();
    fireEvent.keyDown(cancel, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Scan barcode' })).toBeNull());
    expect(closeForm).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add New Item' })).toBeTruthy();
  });
});
