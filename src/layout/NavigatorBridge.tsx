/** Registers the router's navigate() for code outside React (api/navigation.ts). */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setNavigator } from '../api/navigation';

export const NavigatorBridge = () => {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to) => navigate(to));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
};
