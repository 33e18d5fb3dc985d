/** A moment as the business reads it: "26 Nov 2026, 10:32" in Lagos time. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-NG', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Lagos',
  }).format(new Date(iso));
}
