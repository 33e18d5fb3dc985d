import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Box, Button, Group, Input, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import SignaturePadEngine from 'signature_pad';

/** Spec 3 §9: the signature canvas is 400×150 (narrower on a phone, so a finger can reach every part). */
const WIDTH = 400;
const HEIGHT = 150;

/**
 * A signature drawn with a finger, a pen or a mouse. Hands the drawing to `onChange` as a PNG data URL
 * after each stroke, and null once cleared.
 */
export function SignaturePad({
  label,
  onChange,
  disabled,
}: {
  label: string;
  onChange: (png: string | null) => void;
  disabled?: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadEngine | null>(null);
  const [signed, setSigned] = useState(false);
  const changed = useEffectEvent((png: string | null) => onChange(png));

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const width = Math.min(WIDTH, canvas.parentElement?.clientWidth ?? WIDTH);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${HEIGHT}px`;
    canvas.width = width * ratio;
    canvas.height = HEIGHT * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePadEngine(canvas, { penColor: '#1a1b1e', backgroundColor: 'rgb(255,255,255)' });
    const ended = () => {
      setSigned(!pad.isEmpty());
      changed(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    };
    pad.addEventListener('endStroke', ended);
    padRef.current = pad;
    return () => {
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (disabled) padRef.current?.off();
    else padRef.current?.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    setSigned(false);
    onChange(null);
  };

  return (
    <Input.Wrapper label={label} description="Sign with a finger or the mouse (optional)">
      <Box
        mt={4}
        style={{
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-sm)',
          // The canvas's room: 400 px and its border, less on a narrow phone (the box, not the canvas,
          // says how wide it may be: a box fitted to the canvas would measure the canvas's own 300 px).
          width: WIDTH + 2,
          maxWidth: '100%',
          touchAction: 'none',
          background: 'white',
        }}
      >
        <canvas
          ref={canvasRef}
          aria-label={label}
          role="img"
          style={{ display: 'block', touchAction: 'none' }}
        />
      </Box>
      <Group gap="xs" mt={4}>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconEraser size={16} />}
          onClick={clear}
          disabled={disabled || !signed}
        >
          Clear signature
        </Button>
        {signed && (
          <Text size="xs" c="dimmed">
            Signed
          </Text>
        )}
      </Group>
    </Input.Wrapper>
  );
}
