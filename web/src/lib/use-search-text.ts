import { useCallback, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

/** How long typing pauses before a picker asks the server. */
export const SEARCH_PAUSE_MS = 250;

/**
 * What a server-searched picker holds: the text as typed (`search`) and, once typing pauses, the trimmed
 * text to ask the server for (`searched`). `setSearch(text, true)` shows a text without asking again: a
 * picker whose box takes the picked option's label passes `true` for it, so the pick keeps its results.
 */
export function useSearchText() {
  const [search, setSearchText] = useState('');
  const [query, setQuery] = useState('');
  const [searched] = useDebouncedValue(query, SEARCH_PAUSE_MS);
  const setSearch = useCallback((text: string, isPickedLabel = false) => {
    setSearchText(text);
    if (!isPickedLabel) setQuery(text.trim());
  }, []);
  return { search, setSearch, searched };
}
