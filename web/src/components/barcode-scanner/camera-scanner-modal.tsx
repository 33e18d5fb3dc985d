import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CameraPreview, openRearCamera, stopCamera } from '../camera-preview';
import { loadBarcodeDecoder } from './barcode-decoder';

export const CAMERA_ERROR_MESSAGE = 'Failed to access camera. Please check permissions.';
export const SCANNER_LOAD_ERROR_MESSAGE =
  'Could not load the barcode scanner. Check your connection and try again.';

/** Pause between two decode attempts: cheap phones stay responsive. */
const SCAN_INTERVAL_MS = 150;

type TCameraState = 'starting' | 'scanning' | 'camera-error' | 'load-error';

class ScannerLoadError extends Error {}

function CameraView({ onDetected }: { onDetected: (code: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<TCameraState>('starting');
  const [attempt, setAttempt] = useState(0);
  const detected = useEffectEvent((code: string) => onDetected(code));

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const start = async () => {
      // The decoder loads while the user answers the permission prompt; a refused camera is
      // reported at once, without waiting for it.
      const decoderPromise = loadBarcodeDecoder();
      decoderPromise.catch(() => {});
      stream = await openRearCamera({ width: 1280, height: 720 });
      // Closed while the camera was starting: release it at once.
      if (stopped) stopCamera(stream);
      const decoder = await decoderPromise.catch((error: unknown) => {
        throw new ScannerLoadError(String(error));
      });
      const video = videoRef.current;
      if (stopped || !video) return;
      video.srcObject = stream;
      await video.play();
      setState('scanning');

      const tick = async () => {
        if (stopped) return;
        const code = video.readyState >= 2 ? await decoder.decode(video).catch(() => null) : null;
        if (stopped) return;
        if (code) {
          navigator.vibrate?.(80);
          detected(code.trim());
          return;
        }
        timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    };

    start().catch((error: unknown) => {
      stopCamera(stream);
      if (stopped) return;
      console.warn('Camera scanner failed', error);
      setState(error instanceof ScannerLoadError ? 'load-error' : 'camera-error');
    });

    return () => {
      stopped = true;
      clearTimeout(timer);
      stopCamera(stream);
    };
  }, [attempt]);

  const failed = state === 'camera-error' || state === 'load-error';

  return (
    <Stack gap="sm">
      {failed ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {state === 'camera-error' ? CAMERA_ERROR_MESSAGE : SCANNER_LOAD_ERROR_MESSAGE}
            </Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              data-mantine-stop-propagation="true"
              onClick={() => {
                setState('starting');
                setAttempt((n) => n + 1);
              }}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <CameraPreview videoRef={videoRef} starting={state === 'starting'}>
          {/* The aiming frame. */}
          <Box
            aria-hidden="true"
            pos="absolute"
            style={{
              inset: '30% 10%',
              border: '2px solid rgba(255,255,255,0.85)',
              borderRadius: 8,
              boxShadow: '0 0 0 9999px rgba(0,0,0,0.25)',
            }}
          />
        </CameraPreview>
      )}
      <Text size="sm" c="dimmed" role="status">
        {state === 'scanning'
          ? 'Point the camera at the barcode and hold it steady.'
          : state === 'starting'
            ? 'Starting camera...'
            : ''}
      </Text>
    </Stack>
  );
}

/**
 * Escape inside the scanner must close only the scanner, not a form modal under it. Mantine modals
 * close on a window-level Escape unless its target carries this attribute (as its popovers do), so
 * every element that can hold focus in the scanner carries it and the scanner closes itself.
 */
const KEEP_PARENT_OPEN = { 'data-mantine-stop-propagation': 'true' } as const;

/** A modal with the phone's back camera reading EAN-13, EAN-8, UPC-A, Code 128 and QR codes. */
export function CameraScannerModal({
  opened,
  onClose,
  onDetected,
  title = 'Scan barcode',
}: {
  opened: boolean;
  onClose: () => void;
  onDetected: (code: string) => void;
  title?: string;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      fullScreen={phone}
      size="lg"
      zIndex={300}
      closeOnEscape={false}
      closeButtonProps={{ ...KEEP_PARENT_OPEN, 'aria-label': 'Close scanner' }}
      attributes={{ content: KEEP_PARENT_OPEN }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {opened && (
        <>
          <CameraView
            onDetected={(code) => {
              onClose();
              onDetected(code);
            }}
          />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose} {...KEEP_PARENT_OPEN}>
              Cancel
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
