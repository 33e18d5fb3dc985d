import type { ReactNode, RefObject } from 'react';
import { Box, Center, Loader } from '@mantine/core';

/** The phone's back camera at about the size asked for; rejects where the browser has no camera access. */
export async function openRearCamera(ideal: { width: number; height: number }): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('this browser has no camera access');
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: {
      facingMode: { ideal: 'environment' },
      width: { ideal: ideal.width },
      height: { ideal: ideal.height },
    },
  });
}

/** Turns the camera off (its light too). */
export function stopCamera(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** A 4:3 preview of the camera, with a spinner until it plays and whatever is drawn over it. */
export function CameraPreview({
  videoRef,
  starting,
  children,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  starting: boolean;
  children?: ReactNode;
}) {
  return (
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
      {children}
      {starting && (
        <Center pos="absolute" inset={0}>
          <Loader color="white" aria-label="Starting camera" />
        </Center>
      )}
    </Box>
  );
}
