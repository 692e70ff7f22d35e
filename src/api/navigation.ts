/**
 * Lets code outside React (the HTTP client, the session-loss path) navigate inside the SPA and know
 * where the user is. <NavigatorBridge> registers the router's navigate function and location;
 * before that, a full page load and window.location are used.
 */
export type Navigator = (to: string) => void;

export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
}

const fallback: Navigator = (to) => {
  if (typeof window !== 'undefined') window.location.assign(to);
};

const windowLocation = (): RouterLocation =>
  typeof window === 'undefined'
    ? { pathname: '/', search: '', hash: '' }
    : { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash };

let current: Navigator = fallback;
let locate: () => RouterLocation = windowLocation;

export const setNavigator = (navigator: Navigator | null, location: (() => RouterLocation) | null = null) => {
  current = navigator ?? fallback;
  locate = location ?? windowLocation;
};

export const navigateTo = (to: string) => current(to);

/** The SPA's current route. */
export const currentLocation = (): RouterLocation => locate();
