/**
 * Route table. Only the landing page ships in the entry bundle (it must stay under 100 KB gzip);
 * every other screen is a lazy route so zod and the app screens load on demand. Routes of later
 * issues are deliberately absent and fall through to NotFound.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LandingPage } from '../features/landing/routes/LandingPage';
import { PageSpinner } from '../components/Spinner';
import { RootLayout } from './layouts/RootLayout';
import { RouteError } from './layouts/RouteError';
import { GuestOnly, RequireAuth } from './guards';

const authRoutes: RouteObject[] = [
  {
    path: 'account/create',
    lazy: () =>
      import('../features/auth/routes/CreateAccountPage').then((m) => ({
        Component: m.CreateAccountPage,
      })),
  },
  {
    path: 'otp',
    lazy: () => import('../features/auth/routes/OtpPage').then((m) => ({ Component: m.OtpPage })),
  },
  {
    path: 'otp/reset',
    lazy: () =>
      import('../features/auth/routes/ResetOtpPage').then((m) => ({ Component: m.ResetOtpPage })),
  },
  {
    path: 'password/request-password',
    lazy: () =>
      import('../features/auth/routes/RequestPasswordPage').then((m) => ({
        Component: m.RequestPasswordPage,
      })),
  },
  {
    path: 'password/reset',
    lazy: () =>
      import('../features/auth/routes/ResetPasswordPage').then((m) => ({
        Component: m.ResetPasswordPage,
      })),
  },
  {
    path: 'account/complete-registration',
    lazy: () =>
      import('../features/auth/routes/CompleteRegistrationPage').then((m) => ({
        Component: m.CompleteRegistrationPage,
      })),
  },
];

const appRoutes: RouteObject[] = [
  {
    lazy: () => import('./layouts/TabLayout').then((m) => ({ Component: m.TabLayout })),
    children: [
      {
        path: 'home',
        lazy: () =>
          import('../features/home/routes/HomePage').then((m) => ({ Component: m.HomePage })),
      },
      {
        path: 'profile',
        lazy: () =>
          import('../features/profile/routes/ProfilePage').then((m) => ({
            Component: m.ProfilePage,
          })),
      },
      {
        path: 'transactions',
        lazy: () =>
          import('../features/history/routes/HistoryPage').then((m) => ({
            Component: m.HistoryPage,
          })),
      },
    ],
  },
  {
    path: 'data',
    lazy: () =>
      import('../features/purchases/routes/DataPage').then((m) => ({ Component: m.DataPage })),
  },
  {
    path: 'airtime',
    lazy: () =>
      import('../features/purchases/routes/AirtimePage').then((m) => ({
        Component: m.AirtimePage,
      })),
  },
  {
    path: 'utility',
    lazy: () =>
      import('../features/purchases/routes/UtilityPage').then((m) => ({
        Component: m.UtilityPage,
      })),
  },
  {
    path: 'cable',
    lazy: () =>
      import('../features/purchases/routes/CablePage').then((m) => ({ Component: m.CablePage })),
  },
  {
    path: 'pin/create',
    lazy: () =>
      import('../features/pin/routes/CreatePinPage').then((m) => ({ Component: m.CreatePinPage })),
  },
  {
    path: 'pin/:service/enter',
    lazy: () =>
      import('../features/pin/routes/EnterPinPage').then((m) => ({ Component: m.EnterPinPage })),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      {
        Component: GuestOnly,
        children: [
          { index: true, Component: LandingPage },
          {
            path: 'login',
            lazy: () =>
              import('../features/auth/routes/LoginPage').then((m) => ({ Component: m.LoginPage })),
          },
        ],
      },
      ...authRoutes,
      { Component: RequireAuth, children: appRoutes },
      {
        path: '*',
        lazy: () => import('./layouts/NotFound').then((m) => ({ Component: m.NotFound })),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
