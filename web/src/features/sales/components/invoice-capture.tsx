import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Alert, Box, Button, Center, FileInput, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconCamera, IconFileInvoice, IconRefresh } from '@tabler/icons-react';
import { INVOICE_ACCEPT } from '@app/domain/files/uploads';
import {
  CAMERA_JPEG_QUALITY,
  cameraErrorMessage,
  invoiceFileProblem,
  photoFile,
} from '../utils/invoice-capture-file';

/** Spec 2 §4: the camera is idle, streaming (preview shown), or has captured a photo. */
export type TCameraState = 'idle' | 'streaming' | 'captured';

/** A frame of the playing video as a JPEG; rejects when the browser cannot encode it. */
function captureJpeg(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the photo could not be taken'))),
      'image/jpeg',
      CAMERA_JPEG_QUALITY,
    ),
  );
}

function CameraStream({
  onCaptured,
  onCancel,
  onError,
}: {
  onCaptured: (file: File) => void;
  onCancel: () => void;
  onError: (message: string) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [ready, setReady] = useState(false);
  const [capturing, setCapturing] = useState(false);
  const failed = useEffectEvent((error: unknown) => onError(cameraErrorMessage(error)));

  useEffect(() => {
    let stopped = false;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('this browser has no camera access');
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } },
      });
      if (stopped) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) return;
      video.srcObject = stream;
      await video.play();
      if (!stopped) setReady(true);
    };
    start().catch((error: unknown) => {
      if (!stopped) failed(error);
    });
    return () => {
      stopped = true;
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
    };
  }, []);

  const capture = async () => {
    const video = videoRef.current;
    if (!video) return;
    setCapturing(true);
    try {
      const blob = await captureJpeg(video);
      // The photo is taken: the camera goes off at once.
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
      onCaptured(photoFile(blob));
    } catch (error) {
      onError(cameraErrorMessage(error));
    } finally {
      setCapturing(false);
    }
  };

  return (
    <Stack gap="xs">
      <Box
        pos="relative"
        bg="dark.9"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', aspectRatio: '4 / 3' }}
      >
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Camera preview"
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        {!ready && (
          <Center pos="absolute" inset={0}>
            <Loader color="white" aria-label="Starting camera" />
          </Center>
        )}
      </Box>
      <Group gap="xs" justify="flex-end">
        <Button variant="default" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          size="sm"
          leftSection={<IconCamera size={18} />}
          onClick={() => void capture()}
          disabled={!ready}
          loading={capturing}
        >
          Capture
        </Button>
      </Group>
    </Stack>
  );
}

function PhotoPreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const reader = new FileReader();
    reader.onload = () => setUrl(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return url ? (
    <Image src={url} alt="Captured invoice" radius="md" mah={240} fit="contain" bg="gray.1" />
  ) : null;
}

/**
 * The invoice of a sale or proforma: a chosen file (PNG, JPG or PDF up to 10 MB) or a photo taken
 * with the device camera (JPEG, quality 0.9). Retake clears the photo and starts the camera again.
 */
export function InvoiceCapture({
  id,
  label,
  description,
  value,
  onChange,
  required,
  disabled,
  error,
}: {
  id: string;
  label: string;
  description?: string;
  value: File | null;
  onChange: (file: File | null) => void;
  required?: boolean;
  disabled?: boolean;
  error?: string | null;
}) {
  const [cameraState, setCamera] = useState<TCameraState>('idle');
  // A form reset clears the file: the photo view goes with it.
  const camera: TCameraState = cameraState === 'captured' && !value ? 'idle' : cameraState;
  const [cameraError, setCameraError] = useState<string | null>(null);
  const problem = invoiceFileProblem(value) ?? error ?? null;

  const startCamera = () => {
    setCameraError(null);
    onChange(null);
    setCamera('streaming');
  };

  return (
    <Stack gap="xs">
      <FileInput
        id={id}
        label={label}
        description={description ?? 'PNG, JPG or PDF, up to 10 MB'}
        placeholder="Choose a file"
        accept={INVOICE_ACCEPT}
        clearable
        required={required}
        disabled={disabled}
        value={value}
        onChange={(file) => {
          setCamera('idle');
          onChange(file);
        }}
        error={problem}
        leftSection={<IconFileInvoice size={18} aria-hidden="true" />}
      />
      {camera !== 'streaming' && (
        <Group gap="xs">
          <Button
            variant="light"
            size="sm"
            leftSection={camera === 'captured' ? <IconRefresh size={18} /> : <IconCamera size={18} />}
            onClick={startCamera}
            disabled={disabled}
          >
            {camera === 'captured' ? 'Retake' : 'Take photo'}
          </Button>
        </Group>
      )}
      {camera === 'streaming' && (
        <CameraStream
          onCaptured={(file) => {
            onChange(file);
            setCamera('captured');
          }}
          onCancel={() => setCamera('idle')}
          onError={(message) => {
            setCameraError(message);
            setCamera('idle');
          }}
        />
      )}
      {camera === 'captured' && value && <PhotoPreview file={value} />}
      {cameraError && (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm">{cameraError}</Text>
        </Alert>
      )}
    </Stack>
  );
}
