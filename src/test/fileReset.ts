import { createElement } from 'react';
import { __unsafe_useEmotionCache as useEmotionCache, type EmotionCache } from '@emotion/react';
import { cleanup, render } from '@testing-library/react';

/**
 * What one test file leaves in the worker's shared jsdom and modules (vitest.config.ts: files share
 * them, issue 31) and the next file must not see. Run after each file.
 */

/** MUI's styles go through emotion's default cache, which has no public handle: read it once. */
let emotionCache: EmotionCache | null = null;
function defaultEmotionCache(): EmotionCache | null {
  if (!emotionCache) {
    const Probe = () => {
      emotionCache = useEmotionCache();
      return null;
    };
    render(createElement(Probe));
    cleanup();
  }
  return emotionCache;
}

export function resetAfterFile(): void {
  // jsdom has no matchMedia of its own: src/test/viewport.ts's phone or desktop stays set otherwise
  Reflect.deleteProperty(window, 'matchMedia');
  // Every file's MUI styles would pile up in <head>, and Testing Library's role queries compute
  // styles against all of them (list screens 3–5× slower): empty the sheet and let the next file
  // insert what it renders again.
  const cache = defaultEmotionCache();
  if (cache) {
    cache.sheet.flush();
    for (const key of Object.keys(cache.inserted)) delete cache.inserted[key];
  }
  document.head.querySelectorAll('style').forEach((style) => style.remove());
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
}
