import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingState } from '../components/full-page-status';
import { RequireAuth } from './require-auth';

// Each page is its own chunk: the login page never downloads the charts the home page uses.
const LoginPage = lazy(() => import('../features/auth/login-page'));
const AppShell = lazy(() => import('../features/shell/app-shell'));
const HomePage = lazy(() => import('../features/home/home-page'));
const CalculatorsPage = lazy(() => import('../features/calculators/calculators-page'));
const NotFoundPage = lazy(() => import('../features/errors/not-found-page'));

export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingState fullPage />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route element={<RequireAuth />}>
          <Route element={<AppShell />}>
            <Route index element={<HomePage />} />
            <Route path="calculators" element={<CalculatorsPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
