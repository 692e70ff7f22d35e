/**
 * Lets code outside React (the HTTP client) navigate inside the SPA. <NavigatorBridge> registers
 * the router's navigate function; before that, a full page load is used.
 */
export type Navigator = (to: string) => void;

const fallback: Navigator = (to) => {
  if (typeof window !== 'undefined') window.location.assign(to);
};

let current: Navigator = fallback;

export const setNavigator = (navigator: Navigator | null) => {
  current = navigator ?? fallback;
};

export const navigateTo = (to: string) => current(to);
