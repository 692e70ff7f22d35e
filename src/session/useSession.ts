import { useSyncExternalStore } from 'react';
import { sessionStore } from './sessionStore';
import { inflight } from '../api/inflight';

export const useSession = () => useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);

export const useInflightCount = () => useSyncExternalStore(inflight.subscribe, inflight.get, inflight.get);
