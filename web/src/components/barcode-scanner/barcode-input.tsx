import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { ActionIcon, Loader, TextInput, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBarcode, IconCamera } from '@tabler/icons-react';
import { CameraScannerModal } from './camera-scanner-modal';

export type TBarcodeInputProps = {
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  disabled?: boolean;
  /** A lookup is running: the input shows a spinner. */
  loading?: boolean;
  /** Controlled text; leave out to let the input keep its own. */
  value?: string;
  onChange?: (value: string) => void;
  /** A code was entered: typed + Enter, a keyboard-wedge scanner (text + Enter), or the camera. */
  onScan: (code: string) => void;
  /** Empty the input after each scan (for scan-to-add lists). */
  clearOnScan?: boolean;
  maxLength?: number;
  id?: string;
  name?: string;
};

/**
 * A barcode field: type or scan with a USB/Bluetooth scanner (it types the code and presses Enter),
 * or open the camera. Enter never submits the surrounding form.
 */
export function BarcodeInput({
  label = 'Barcode',
  description,
  placeholder = 'Scan or type, then press Enter',
  error,
  disabled,
  loading,
  value,
  onChange,
  onScan,
  clearOnScan = false,
  maxLength = 64,
  id,
  name,
}: TBarcodeInputProps) {
  const [ownValue, setOwnValue] = useState('');
  const [cameraOpened, camera] = useDisclosure(false);
  const text = value ?? ownValue;

  const setText = (next: string) => {
    if (value === undefined) setOwnValue(next);
    onChange?.(next);
  };

  const scan = (raw: string) => {
    const code = raw.trim();
    if (!code) return;
    setText(clearOnScan ? '' : code);
    onScan(code);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    scan(event.currentTarget.value);
  };

  return (
    <>
      <TextInput
        id={id}
        name={name}
        label={label}
        description={description}
        placeholder={placeholder}
        error={error}
        disabled={disabled}
        maxLength={maxLength}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="done"
        leftSection={loading ? <Loader size={16} /> : <IconBarcode size={18} aria-hidden="true" />}
        rightSectionWidth={40}
        rightSection={
          <Tooltip label="Scan with camera" withArrow>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label="Scan with camera"
              onClick={camera.open}
              disabled={disabled}
            >
              <IconCamera size={20} />
            </ActionIcon>
          </Tooltip>
        }
      />
      <CameraScannerModal opened={cameraOpened} onClose={camera.close} onDetected={scan} />
    </>
  );
}
