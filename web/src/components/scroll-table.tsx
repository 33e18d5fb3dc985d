import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Table, Text } from '@mantine/core';

export const SCROLL_HINT = 'Scroll sideways for more →';

type TOverflow = { overflows: boolean; moreRight: boolean };

/**
 * A table wider than the screen: it scrolls sideways inside its own box (never the page), and while it
 * overflows it says so ("Scroll sideways for more →" above it, a shadow on the edge that hides columns)
 * and becomes a labelled region a keyboard can focus and scroll. At widths where it fits, nothing is added.
 */
export function ScrollTable({
  minWidth,
  label,
  children,
}: {
  /** Below this width the table scrolls instead of squeezing its columns. */
  minWidth: number;
  /** What the table shows, for the scrolling region's name ("Daily log"). */
  label: string;
  children: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<TOverflow>({ overflows: false, moreRight: false });

  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const overflows = element.scrollWidth > element.clientWidth + 1;
    const moreRight = overflows && element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setOverflow((previous) =>
      previous.overflows === overflows && previous.moreRight === moreRight
        ? previous
        : { overflows, moreRight },
    );
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    const table = element.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [measure]);

  return (
    <Box pos="relative">
      {overflow.overflows && (
        <Text size="xs" c="dimmed" ta="right" mb={4} data-testid="scroll-hint">
          {SCROLL_HINT}
        </Text>
      )}
      <Table.ScrollContainer
        ref={scroller}
        type="native"
        minWidth={minWidth}
        onScroll={measure}
        tabIndex={overflow.overflows ? 0 : undefined}
        role={overflow.overflows ? 'region' : undefined}
        aria-label={overflow.overflows ? `${label}, scrolls sideways` : undefined}
      >
        {children}
      </Table.ScrollContainer>
      {overflow.moreRight && (
        <Box
          aria-hidden
          pos="absolute"
          right={0}
          bottom={0}
          top={24}
          w={20}
          style={{
            pointerEvents: 'none',
            background: 'linear-gradient(to left, rgba(0, 0, 0, 0.14), rgba(0, 0, 0, 0))',
          }}
        />
      )}
    </Box>
  );
}
