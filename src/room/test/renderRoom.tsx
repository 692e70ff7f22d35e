/** Renders room components with the app's Japanese messages (and react-admin's contexts). */
import type { ReactElement } from 'react';
import { renderPortal } from '../../company/test/renderPortal';
import { RoomView } from '../RoomView';
import type { RoomSource } from '../api';

export { renderPortal };

/** A RoomView as a page would mount it, at /r. */
export const renderRoom = (source: RoomSource, extra: { staffSlot?: ReactElement } = {}) =>
  renderPortal(<RoomView source={source} staffSlot={extra.staffSlot} />, { url: '/r', path: '/r' });

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
