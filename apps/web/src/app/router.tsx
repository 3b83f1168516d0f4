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
import { setRouterNavigator } from '../lib/app-navigation';
import { noteNavigationStarted } from '../lib/toast';

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
  // ---- notification centre
  {
    path: 'notifications',
    lazy: () =>
      import('../features/notifications/routes/NotificationsPage').then((m) => ({
        Component: m.NotificationsPage,
      })),
  },
  // ---- end notification centre
  // ---- transfer and betting
  {
    path: 'transfer',
    lazy: () =>
      import('../features/transfer/routes/TransferPage').then((m) => ({
        Component: m.TransferPage,
      })),
  },
  {
    path: 'betting',
    lazy: () =>
      import('../features/betting/routes/BettingPage').then((m) => ({
        Component: m.BettingPage,
      })),
  },
  // ---- end transfer and betting
  // ---- airtime to cash
  {
    path: 'airtime-to-cash',
    lazy: () =>
      import('../features/airtime-swap/routes/AirtimeToCashPage').then((m) => ({
        Component: m.AirtimeToCashPage,
      })),
  },
  {
    path: 'airtime-to-cash/history',
    lazy: () =>
      import('../features/airtime-swap/routes/SwapHistoryPage').then((m) => ({
        Component: m.SwapHistoryPage,
      })),
  },
  {
    path: 'screenshot-upload',
    lazy: () =>
      import('../features/airtime-swap/routes/ScreenshotUploadPage').then((m) => ({
        Component: m.ScreenshotUploadPage,
      })),
  },
  {
    path: 'pending-swap',
    lazy: () =>
      import('../features/airtime-swap/routes/PendingSwapPage').then((m) => ({
        Component: m.PendingSwapPage,
      })),
  },
  {
    // Admin screens: the guard is lazy too, so the landing bundle does not carry it.
    lazy: () => import('./admin-guard').then((m) => ({ Component: m.RequireAdmin })),
    children: [
      // ---- admin dashboard
      {
        path: 'admin/dashboard',
        lazy: () =>
          import('../features/admin/dashboard/DashboardPage').then((m) => ({
            Component: m.DashboardPage,
          })),
      },
      // ---- end admin dashboard
      {
        path: 'admin/airtime-to-cash',
        lazy: () =>
          import('../features/admin/swaps/routes/AdminSwapsPage').then((m) => ({
            Component: m.AdminSwapsPage,
          })),
      },
      // ---- admin transactions
      {
        path: 'admin/transaction',
        lazy: () =>
          import('../features/admin/transactions/TransactionsPage').then((m) => ({
            Component: m.TransactionsPage,
          })),
      },
      // ---- end admin transactions
      // ---- audit log
      {
        path: 'admin/audit',
        lazy: () =>
          import('../features/admin/audit/AuditPage').then((m) => ({ Component: m.AuditPage })),
      },
      // ---- end audit log
      // ---- manage services
      {
        path: 'admin/services',
        lazy: () =>
          import('../features/admin/services/ServicesPage').then((m) => ({
            Component: m.ServicesPage,
          })),
      },
      // ---- end manage services
      // ---- admin suppliers (balances, thresholds, routing)
      {
        path: 'admin/suppliers',
        lazy: () =>
          import('../features/admin/suppliers/SuppliersPage').then((m) => ({
            Component: m.SuppliersPage,
          })),
      },
      // ---- admin betting statistics
      {
        path: 'admin/betting-stats',
        lazy: () =>
          import('../features/admin/betting/BettingStatsPage').then((m) => ({
            Component: m.BettingStatsPage,
          })),
      },
      // ---- end admin betting statistics
      // ---- orders past the automatic requeries, and operator alerts
      {
        path: 'admin/orders/pending',
        lazy: () =>
          import('../features/admin/needs-decision/NeedsDecisionPage').then((m) => ({
            Component: m.NeedsDecisionPage,
          })),
      },
      // ---- end needs a decision
      // ---- admin e-mail alerts and their settings
      {
        path: 'admin/alerts',
        lazy: () =>
          import('../features/admin/alerts/AlertsPage').then((m) => ({ Component: m.AlertsPage })),
      },
      // ---- end admin alerts
      // ---- admin KYC reviews: identities whose holder did not match the profile (0055)
      {
        path: 'admin/kyc-reviews',
        lazy: () =>
          import('../features/admin/kyc-reviews/KycReviewsPage').then((m) => ({
            Component: m.KycReviewsPage,
          })),
      },
      // ---- admin approvals: staff credits and debits under four eyes (decision 0047)
      {
        path: 'admin/approvals',
        lazy: () =>
          import('../features/admin/approvals/ApprovalsPage').then((m) => ({
            Component: m.ApprovalsPage,
          })),
      },
      // ---- end admin approvals
      // ---- admin users
      {
        path: 'admin/users',
        lazy: () =>
          import('../features/admin/users/UsersPage').then((m) => ({ Component: m.UsersPage })),
      },
      {
        path: 'admin/users/:id',
        lazy: () =>
          import('../features/admin/users/UserProfilePage').then((m) => ({
            Component: m.UserProfilePage,
          })),
      },
      // ---- end admin users
    ],
  },
  // ---- end airtime to cash
  // Profile → Security: change password, PIN and the signed-in devices
  {
    path: 'profile/security',
    lazy: () =>
      import('../features/security/routes/SecurityPage').then((m) => ({
        Component: m.SecurityPage,
      })),
  },
  // Profile → Developer → Webhook deliveries: resellers' signed notices and their replay (0089)
  {
    path: 'profile/developer/webhooks',
    lazy: () =>
      import('../features/developer/routes/WebhookDeliveriesPage').then((m) => ({
        Component: m.WebhookDeliveriesPage,
      })),
  },
  // Profile → Developer: API keys (decision 0087)
  {
    path: 'profile/developer',
    lazy: () =>
      import('../features/developer/routes/DeveloperPage').then((m) => ({
        Component: m.DeveloperPage,
      })),
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
  // ---- deposit and KYC
  {
    path: 'deposit',
    lazy: () =>
      import('../features/deposit/routes/DepositPage').then((m) => ({ Component: m.DepositPage })),
  },
  {
    path: 'verification/initiate',
    lazy: () =>
      import('../features/verification/routes/InitiatePage').then((m) => ({
        Component: m.InitiatePage,
      })),
  },
  // Update and validate share one screen (spec route table).
  ...['verification/update', 'verification/validate'].map((path) => ({
    path,
    lazy: () =>
      import('../features/verification/routes/VerificationPage').then((m) => ({
        Component: m.VerificationPage,
      })),
  })),
  // ---- end deposit and KYC
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
      {
        // Sandbox mode only (the page is "not found" live); signed in or not.
        path: 'sandbox/mailbox',
        lazy: () =>
          import('../features/sandbox/MailboxPage').then((m) => ({ Component: m.MailboxPage })),
      },
      { Component: RequireAuth, children: appRoutes },
      {
        path: '*',
        lazy: () => import('../components/NotFound').then((m) => ({ Component: m.NotFound })),
      },
    ],
  },
];

type Router = ReturnType<typeof createBrowserRouter>;
let router: Router | undefined;

/**
 * The router, created on first use rather than at import. The landing page prefetches the app
 * (this module included) when a link is touched or hovered, before the click that changes the
 * address: a router created at import would start from "/" and never see that change.
 */
export function getRouter(): Router {
  if (!router) {
    router = createBrowserRouter(routes);
    const created = router;
    // From now on links made before the router existed (the landing page) use the router.
    setRouterNavigator((to, options) => void created.navigate(to, options));
    // The moment the address starts to change, before the next screen renders (which can take
    // more than a second on a slow phone): a toast shown just before it, such as "processing"
    // on the way home, belongs to the screen it leads to (lib/toast.ts), however long that render.
    let shownPath = created.state.location.pathname;
    created.subscribe((state) => {
      const target = state.navigation.location?.pathname ?? state.location.pathname;
      if (target !== shownPath) noteNavigationStarted();
      shownPath = state.location.pathname;
    });
  }
  return router;
}
