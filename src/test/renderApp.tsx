/** Renders the whole app at a URL inside a MemoryRouter, and exposes the current location. */
import { useLayoutEffect } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from '../App';

export const currentLocation: { pathname: string; search: string; hash: string } = {
  pathname: '',
  search: '',
  hash: '',
};

// a layout effect runs in the commit that changed the location, before any awaiting query sees the
// new page; a plain effect could run after it (a test saw the confirm-account heading at the old URL)
const LocationSpy = () => {
  const location = useLocation();
  useLayoutEffect(() => {
    Object.assign(currentLocation, { pathname: location.pathname, search: location.search, hash: location.hash });
  }, [location]);
  return null;
};

export const currentUrl = () => `${currentLocation.pathname}${currentLocation.search}${currentLocation.hash}`;

export const renderApp = (url = '/') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <LocationSpy />
      <App />
    </MemoryRouter>,
  );
