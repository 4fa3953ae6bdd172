import { createBrowserRouter } from 'react-router-dom';
import HomePage from '@/pages/home/HomePage';
import { PATHS } from './paths';

export const router = createBrowserRouter([{ path: PATHS.home, element: <HomePage /> }]);
