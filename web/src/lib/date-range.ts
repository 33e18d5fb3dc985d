/** The one text every screen shows under an end date set before its start date. */
export const REVERSED_RANGE_MESSAGE = 'End date must be on or after the start date';

/** The end date's error when both dates are set and the end comes first; null otherwise. */
export const reversedRangeError = (start: string, end: string): string | null =>
  start && end && end < start ? REVERSED_RANGE_MESSAGE : null;
