/**
 * jsdom has no layout: MUI's useMediaQuery asks window.matchMedia, which this answers as a phone
 * (375 px, every max-width query matches) or a desktop (none does).
 */
export const setWidth = (phone: boolean) => {
  window.matchMedia = ((query: string) => ({
    // MUI asks e.g. "(max-width:899.95px)": a phone matches every max-width query
    matches: phone && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
};
