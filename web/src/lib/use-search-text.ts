import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

/** How long typing pauses before a picker asks the server. */
export const SEARCH_PAUSE_MS = 250;

/**
 * What a server-searched picker holds: the text as typed (`search`) and, once typing pauses, the trimmed
 * text to ask the server for (`searched`).
 */
export function useSearchText() {
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  return { search, setSearch, searched };
}
