/**
 * Tests only: renders one staff control inside react-admin's context (Japanese messages, the app's
 * providers, notifications) with the room kept in state, as the page keeps it: what a write
 * answers is what the control shows next.
 */
import { useState, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, Notification, memoryStore } from 'react-admin';
import { authProvider } from '../../../providers/authProvider';
import { dataProvider } from '../../../providers/dataProvider';
import { createQueryClient } from '../../../providers/queryClient';
import { testI18nProvider } from '../../../common/testing/i18nProvider';
import type { Room } from '../types';

const WithRoom = ({
  initial,
  children,
}: {
  initial: Room;
  children: (room: Room, setRoom: (room: Room) => void) => ReactNode;
}) => {
  const [room, setRoom] = useState(initial);
  return <>{children(room, setRoom)}</>;
};

export const renderStaff = (initial: Room, children: (room: Room, setRoom: (room: Room) => void) => ReactNode) =>
  render(
    <MemoryRouter>
      <AdminContext
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={testI18nProvider}
        store={memoryStore()}
        queryClient={createQueryClient()}
      >
        <WithRoom initial={initial}>{children}</WithRoom>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
