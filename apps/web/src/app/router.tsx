import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  Navigate,
  redirect,
  type RouteObject,
} from 'react-router';
import { fetchPortalSignInMode } from '../features/auth/api/get-sso-info';
import {
  foreignLineRedirect,
  href,
  landingPath,
  localAccountScreens,
  mayOpen,
  type RouteName,
  routePaths,
} from '../lib/routes';
import { getSession, rememberRequestedUrl } from '../lib/session';
import { RootLayout, type ScreenHandle } from './layout/root-layout';

/**
 * Runs before a screen loads: signed-out users are sent to sign-in with the address kept for
 * afterwards; signed-in users whose role may not open it go to their landing screen, and so do
 * consumers who open a line of service that is not theirs. User management waits for the
 * portal's sign-in mode: it exists only for local accounts.
 */
function guard(name: RouteName, queryClient: QueryClient) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const session = getSession();
    if (mayOpen(name, null, undefined)) return null;
    if (!session.user) {
      const url = new URL(request.url);
      rememberRequestedUrl(`${url.pathname}${url.search}`);
      throw redirect(href('base.sign-in'));
    }
    const signInMode = localAccountScreens.includes(name)
      ? await fetchPortalSignInMode(queryClient)
      : session.signInMode;
    if (!mayOpen(name, session.role, signInMode)) {
      throw redirect(landingPath(session.user, session.currentLineOfService));
    }
    const foreignLine = foreignLineRedirect(session.user, params.losCode);
    if (foreignLine) throw redirect(foreignLine);
    return null;
  };
}

/** A guarded screen: its own component, lazily loaded. */
function screenMaker(queryClient: QueryClient) {
  return (name: RouteName, lazy: RouteObject['lazy']): RouteObject => {
    const handle: ScreenHandle = { name };
    return { path: routePaths[name], handle, loader: guard(name, queryClient), lazy };
  };
}

/** A parent route of seed 000 that opens its `devices` child. */
function redirectToDevices(name: 'base.bandwidth' | 'base.wifi', child: RouteName): RouteObject {
  return {
    path: routePaths[name],
    handle: { name } satisfies ScreenHandle,
    loader: ({ params }) =>
      redirect(href(child as 'base.bandwidth', { losCode: params.losCode ?? '' })),
  };
}

export function appRoutes(queryClient: QueryClient): RouteObject[] {
  const screen = screenMaker(queryClient);
  return [
    {
      element: <RootLayout />,
      children: [
        screen('base.sign-in', async () => ({
          Component: (await import('../features/auth/components/sign-in-page')).SignInPage,
        })),
        screen('base.ui-sign-out', async () => ({
          Component: (await import('../features/auth/components/sign-out-page')).SignOutPage,
        })),
        screen('base.consumer-sign-in', async () => ({
          Component: (await import('../features/auth/components/consumer-sign-in-page'))
            .ConsumerSignInPage,
        })),
        screen('sso-signed-out', async () => ({
          Component: (await import('../features/auth/components/sso-signed-out-page'))
            .SsoSignedOutPage,
        })),
        screen('base.forgot-passphrase', async () => ({
          Component: (await import('../features/passphrase/components/forgot-passphrase-page'))
            .ForgotPassphrasePage,
        })),
        screen('base.reset-forgot-passphrase', async () => ({
          Component: (await import('../features/passphrase/components/reset-passphrase-page'))
            .ResetPassphrasePage,
        })),
        screen('base.dashboard', async () => ({
          Component: (await import('../features/dashboard/components/dashboard-page'))
            .DashboardPage,
        })),
        screen('base.search', async () => ({
          Component: (await import('../features/search/components/search-page')).SearchPage,
        })),
        screen('base.uptime-report', async () => ({
          Component: (await import('../features/uptime-report/components/uptime-report-page'))
            .UptimeReportPage,
        })),
        screen('base.qoe-report', async () => ({
          Component: (await import('../features/qoe-report/components/qoe-report-page'))
            .QoeReportPage,
        })),
        screen('base.summary', async () => ({
          Component: (await import('../features/network/components/summary-page')).SummaryPage,
        })),
        redirectToDevices('base.bandwidth', 'base.bandwidth.devices'),
        screen('base.bandwidth.devices', async () => ({
          Component: (await import('../features/network/components/bandwidth-page')).BandwidthPage,
        })),
        screen('base.bandwidth.detail', async () => ({
          Component: (await import('../features/network/components/bandwidth-page')).BandwidthPage,
        })),
        redirectToDevices('base.wifi', 'base.wifi.devices'),
        screen('base.wifi.devices', async () => ({
          Component: (await import('../features/network/components/wifi-page')).WifiPage,
        })),
        screen('base.wifi.detail', async () => ({
          Component: (await import('../features/network/components/wifi-page')).WifiPage,
        })),
        screen('base.qoe', async () => ({
          Component: (await import('../features/qoe/components/qoe-page')).QoePage,
        })),
        screen('base.site-survey', async () => ({
          Component: (await import('../features/site-survey/components/site-survey-page'))
            .SiteSurveyPage,
        })),
        screen('base.gateway-physical-status', async () => ({
          Component: (await import('../features/gateway-status/components/gateway-status-page'))
            .GatewayStatusPage,
        })),
        screen('base.gateway-wan-stats', async () => ({
          Component: (await import('../features/wan-stats/components/wan-stats-page')).WanStatsPage,
        })),
        screen('base.provisioning', async () => ({
          Component: (await import('../features/provisioning/components/provisioning-page'))
            .ProvisioningPage,
        })),
        screen('base.user-management', async () => ({
          Component: (await import('../features/users/components/user-management-page'))
            .UserManagementPage,
        })),
        { path: '*', element: <Navigate to={href('base.sign-in')} replace /> },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}
