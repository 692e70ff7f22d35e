/** Renders the whole app at a URL inside a MemoryRouter, and exposes the current location. */
import { useEffect } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from '../App';

export const currentLocation: { pathname: string; search: string; hash: string } = {
  pathname: '',
  search: '',
  hash: '',
};

const LocationSpy = () => {
  const location = useLocation();
  useEffect(() => {
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
