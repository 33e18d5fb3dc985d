import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { IconCamera, IconFileInvoice, IconRefresh } from '@tabler/icons-react';
import { INVOICE_ACCEPT } from '@app/domain/files/uploads';
import { CameraPreview, openRearCamera, stopCamera } from '../camera-preview';
import {
  CAMERA_JPEG_QUALITY,
  cameraErrorMessage,
  invoiceFileProblem,
  photoFile,
} from './invoice-capture-file';

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
  cameraMessage,
}: {
  onCaptured: (file: File) => void;
  onCancel: () => void;
  onError: (message: string) => void;
  cameraMessage: (error: unknown) => string;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [ready, setReady] = useState(false);
  const [capturing, setCapturing] = useState(false);
  const failed = useEffectEvent((error: unknown) => onError(cameraMessage(error)));

  useEffect(() => {
    let stopped = false;
    const start = async () => {
      const stream = await openRearCamera({ width: 1920, height: 1080 });
      if (stopped) {
        stopCamera(stream);
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
      stopCamera(streamRef.current);
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
      stopCamera(streamRef.current);
      streamRef.current = null;
      onCaptured(photoFile(blob));
    } catch (error) {
      onError(cameraMessage(error));
    } finally {
      setCapturing(false);
    }
  };

  return (
    <Stack gap="xs">
      <CameraPreview videoRef={videoRef} starting={!ready} />
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
 * The invoice of a sale, proforma or expense: a chosen file (PNG, JPG or PDF up to 10 MB) or a photo taken
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
  sizeMessage,
  cameraMessage = cameraErrorMessage,
}: {
  id: string;
  label: string;
  description?: string;
  value: File | null;
  /** The file, and whether it was chosen or taken with the camera. */
  onChange: (file: File | null, source: 'file' | 'camera') => void;
  required?: boolean;
  disabled?: boolean;
  error?: string | null;
  /** The screen's words for a file over 10 MB (spec 2's by default). */
  sizeMessage?: string;
  /** The screen's words when the camera cannot start (spec 2's by default). */
  cameraMessage?: (error: unknown) => string;
}) {
  const [cameraState, setCamera] = useState<TCameraState>('idle');
  // A form reset clears the file: the photo view goes with it.
  const camera: TCameraState = cameraState === 'captured' && !value ? 'idle' : cameraState;
  const [cameraError, setCameraError] = useState<string | null>(null);
  const problem = invoiceFileProblem(value, sizeMessage) ?? error ?? null;

  const startCamera = () => {
    setCameraError(null);
    onChange(null, 'camera');
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
          onChange(file, 'file');
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
          cameraMessage={cameraMessage}
          onCaptured={(file) => {
            onChange(file, 'camera');
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
