/**
 * Lets code outside React (the API client) move the user to another screen. The app registers the
 * router's navigate; before that, and in tests, the browser location is used.
 */
type TNavigate = (path: string) => void;

let navigator: TNavigate | null = null;

export function setNavigator(navigate: TNavigate | null): void {
  navigator = navigate;
}

export function navigateTo(path: string): void {
  if (window.location.pathname === path) return;
  if (navigator) navigator(path);
  else window.location.assign(path);
}
