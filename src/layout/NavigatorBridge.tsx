/** Registers the router's navigate() and location for code outside React (api/navigation.ts). */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { setNavigator } from '../api/navigation';

export const NavigatorBridge = () => {
  const navigate = useNavigate();
  const location = useLocation();
  const latest = useRef(location);
  useEffect(() => {
    latest.current = location;
  }, [location]);
  useEffect(() => {
    setNavigator(
      (to) => navigate(to),
      () => latest.current,
    );
    return () => setNavigator(null);
  }, [navigate]);
  return null;
};
