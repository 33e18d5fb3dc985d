/**
 * After a failed validation, move focus (and the scroll of a long modal) to the first field in
 * error. Fields carry ids `${prefix}-${path with dots as dashes}`; `fallbacks` maps a path without
 * its own input (a list) to the id of the control that fills it.
 */
export function focusFirstError(
  prefix: string,
  errors: Record<string, unknown>,
  fallbacks: Record<string, string> = {},
): void {
  for (const path of Object.keys(errors)) {
    const id = fallbacks[path] ?? `${prefix}-${path.replace(/\./g, '-')}`;
    const element = document.getElementById(id);
    if (element) {
      element.focus();
      element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      return;
    }
  }
}
