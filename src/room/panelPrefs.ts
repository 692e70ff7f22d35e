/**
 * Spec §3 client state: the panel toggles (info, chat, comment) and the layout open flag, kept in
 * localStorage per layout kind (`kaigi.room.panels.<kind>`) so the choice survives a reload. A
 * stored value that is not what we wrote (bad JSON, wrong types, storage off) falls back to the
 * defaults, field by field.
 */
import { useCallback, useState } from 'react';
import type { RoomKind } from './api';

export const ROOM_PANELS = ['info', 'chat', 'comment'] as const;
export type RoomPanel = (typeof ROOM_PANELS)[number];

export interface PanelPrefs {
  panels: Record<RoomPanel, boolean>;
  /** the layout open flag: the panel area shown (true) or folded away (false) */
  open: boolean;
}

export const DEFAULT_PANEL_PREFS: PanelPrefs = { panels: { info: true, chat: true, comment: true }, open: true };

const NO_PANELS: PanelPrefs['panels'] = { info: false, chat: false, comment: false };

/** What is on screen: a panel toggled on, in an area not folded away (the toggles' ✓ and aria-pressed). */
export const panelShown = (prefs: PanelPrefs, panel: RoomPanel) => prefs.open && prefs.panels[panel];

export const panelPrefsKey = (kind: RoomKind) => `kaigi.room.panels.${kind}`;

export const readPanelPrefs = (kind: RoomKind): PanelPrefs => {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(panelPrefsKey(kind)) ?? 'null');
  } catch {
    return DEFAULT_PANEL_PREFS;
  }
  if (typeof stored !== 'object' || stored === null) return DEFAULT_PANEL_PREFS;
  const { panels, open } = stored as { panels?: Record<string, unknown>; open?: unknown };
  const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
  return {
    panels: Object.fromEntries(
      ROOM_PANELS.map((panel) => [panel, flag(panels?.[panel], DEFAULT_PANEL_PREFS.panels[panel])]),
    ) as PanelPrefs['panels'],
    open: flag(open, DEFAULT_PANEL_PREFS.open),
  };
};

const write = (kind: RoomKind, prefs: PanelPrefs) => {
  try {
    localStorage.setItem(panelPrefsKey(kind), JSON.stringify(prefs));
  } catch {
    // storage full or off: the choice holds for this visit only
  }
};

export const usePanelPrefs = (kind: RoomKind) => {
  const [prefs, setPrefs] = useState(() => readPanelPrefs(kind));
  const update = useCallback(
    (change: (current: PanelPrefs) => PanelPrefs) =>
      setPrefs((current) => {
        const next = change(current);
        write(kind, next);
        return next;
      }),
    [kind],
  );
  // while the panel area is folded away no toggle is on (issue 29 §6): one pressed then shows that
  // panel alone, as its mark now says, not the others stored from before
  const togglePanel = useCallback(
    (panel: RoomPanel) =>
      update((p) =>
        p.open
          ? { ...p, panels: { ...p.panels, [panel]: !p.panels[panel] } }
          : { open: true, panels: { ...NO_PANELS, [panel]: true } },
      ),
    [update],
  );
  const toggleOpen = useCallback(() => update((p) => ({ ...p, open: !p.open })), [update]);
  return { prefs, togglePanel, toggleOpen };
};
