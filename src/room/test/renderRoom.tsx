/** Renders room components with the app's Japanese messages (and react-admin's contexts). */
import type { ReactElement } from 'react';
import { renderPortal } from '../../company/test/renderPortal';
import { RoomView } from '../RoomView';
import type { RoomSource } from '../api';

export { renderPortal };

/** A RoomView as a page would mount it, at /r. */
export const renderRoom = (source: RoomSource, extra: { staffSlot?: ReactElement } = {}) =>
  renderPortal(<RoomView source={source} staffSlot={extra.staffSlot} />, { url: '/r', path: '/r' });

export { setWidth } from '../../test/viewport';
