import type { Namespace } from '@rhc/i18n';
import type { DataRouter, RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader.tsx';
import { paths } from '../config/paths.ts';
import { RequireLogin } from '../features/accounts/components/require-login.tsx';
import { loginRedirectState } from '../features/accounts/login-redirect.ts';
import type { ComingSoonHandle, FeatureKey } from '../features/system/pages/coming-soon-page.tsx';
import { ServerErrorPage } from '../features/system/pages/server-error-page.tsx';
import { configureApiClient } from '../lib/api-client-config.ts';
import { i18n } from '../lib/i18n.ts';
import { refreshInFlight, refreshSessionOnce } from '../lib/session-refresh.ts';
import { useAuthStore } from '../stores/auth-store.ts';
import { RootLayout } from './layouts/root-layout.tsx';

/*
 * Every page is its own chunk, loaded on first visit, so the entry bundle holds only the shell.
 * ServerErrorPage is the exception: it must show even when loading a chunk is what failed.
 * `lazy` is always a function: React Router empties a lazy *object* once it has loaded it, which
 * breaks an object shared by many routes (or by several routers over one table, as in tests).
 */
const comingSoon = async () => ({
  Component: (await import('../features/system/pages/coming-soon-page.tsx')).ComingSoonPage,
});

/**
 * A page's code and its strings, fetched side by side: the page's namespace would otherwise be requested only once its
 * code has run and asked for it, one more round trip before anything of the page shows (issue 13). The strings
 * share the one request with the page's `useTranslation`, which still waits for it (and still shows a failure its own way).
 */
async function withStrings<Module>(namespace: Namespace, load: () => Promise<Module>): Promise<Module> {
  void i18n.loadNamespaces(namespace);
  return load();
}

/** A route whose feature is not built yet: it shows the shared coming-soon page, naming the feature. */
function feature(path: string, key: FeatureKey): RouteObject {
  return { path, handle: { feature: key } satisfies ComingSoonHandle, lazy: comingSoon };
}

/** The route table of spec §2, declared once. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Inside the layout, so the header and footer stay on screen while a page loads or fails.
        errorElement: <ServerErrorPage />,
        HydrateFallback: PageLoader,
        // Pages read server data: TanStack Query loads with the first one, in parallel with its code (query-layer.tsx).
        lazy: async () => ({ Component: (await import('./query-layer.tsx')).QueryOutlet }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/home/pages/home-page.tsx')).HomePage }),
          },

          // Public
          {
            path: paths.login,
            lazy: async () => ({
              Component: (await withStrings('accounts', () => import('../features/accounts/pages/login-page.tsx'))).LoginPage,
            }),
          },
          {
            path: paths.forgotPassword,
            lazy: async () => ({
              Component: (await withStrings('accounts', () => import('../features/accounts/pages/forgot-password-page.tsx')))
                .ForgotPasswordPage,
            }),
          },
          {
            path: paths.register,
            lazy: async () => ({
              Component: (await withStrings('accounts', () => import('../features/accounts/pages/register-page.tsx'))).RegisterPage,
            }),
          },
          {
            path: paths.bookingSuccess,
            lazy: async () => ({
              Component: (await withStrings('orders', () => import('../features/orders/pages/booking-success-page.tsx')))
                .BookingSuccessPage,
            }),
          },
          {
            path: paths.bookingSuccessDetail,
            lazy: async () => ({
              Component: (await withStrings('orders', () => import('../features/orders/pages/booking-success-page.tsx')))
                .BookingSuccessPage,
            }),
          },
          {
            path: paths.orderTracking,
            lazy: async () => ({
              Component: (await withStrings('orders', () => import('../features/orders/pages/order-tracking-page.tsx'))).OrderTrackingPage,
            }),
          },
          feature(paths.alcohol, 'alcohol'),
          feature(paths.medicalInformation, 'medicalInformation'),
          feature(paths.vaccines, 'vaccines'),
          feature(paths.vaccineRegistration, 'vaccineRegistration'),
          feature(paths.vaccineRegistrationConfirm, 'vaccineRegistration'),
          feature(paths.vaccineRegistrationComplete, 'vaccineRegistration'),
          feature(paths.vaccineOrderEdit, 'vaccineOrderEdit'),
          { path: paths.serverError, element: <ServerErrorPage /> },

          // Behind login (spec §2): the accounts feature's guard.
          {
            element: <RequireLogin />,
            children: [
              {
                path: paths.healthcare,
                lazy: async () => ({
                  Component: (await withStrings('booking', () => import('../features/orders/pages/booking-page.tsx'))).HealthcarePage,
                }),
              },
              {
                path: paths.healthcareConfirm,
                lazy: async () => ({
                  Component: (await withStrings('booking', () => import('../features/orders/pages/booking-confirm-page.tsx')))
                    .HealthcareConfirmPage,
                }),
              },
              {
                path: paths.healthcareComplete,
                lazy: async () => ({
                  Component: (await withStrings('booking', () => import('../features/orders/pages/booking-complete-page.tsx')))
                    .HealthcareCompletePage,
                }),
              },
              {
                path: paths.healthcareOnline,
                lazy: async () => ({
                  Component: (await withStrings('booking', () => import('../features/orders/pages/booking-page.tsx'))).HealthcareOnlinePage,
                }),
              },
              {
                path: paths.healthcareOnlineConfirm,
                lazy: async () => ({
                  Component: (await withStrings('booking', () => import('../features/orders/pages/booking-confirm-page.tsx')))
                    .HealthcareOnlineConfirmPage,
                }),
              },
              {
                path: paths.healthcareOnlineComplete,
                lazy: async () => ({
                  Component: (await withStrings('booking', () => import('../features/orders/pages/booking-complete-page.tsx')))
                    .HealthcareOnlineCompletePage,
                }),
              },
              {
                path: paths.healthcareEdit,
                lazy: async () => ({
                  Component: (await withStrings('booking', () => import('../features/orders/pages/booking-edit-page.tsx')))
                    .HealthcareEditPage,
                }),
              },
              {
                path: paths.healthcareOnlineEdit,
                lazy: async () => ({
                  Component: (await withStrings('booking', () => import('../features/orders/pages/booking-edit-page.tsx')))
                    .HealthcareOnlineEditPage,
                }),
              },
              {
                path: paths.healthcareDoctorEdit,
                lazy: async () => {
                  // The doctor's screen with the order's files and links (issue 17): the records feature's, handed in here.
                  const [{ HealthcareDoctorEditPage }, { OrderDocuments }, { DocumentLinks }] = await Promise.all([
                    withStrings('clinical', () => import('../features/clinical/pages/doctor-edit-page.tsx')),
                    import('../features/records/components/order-documents.tsx'),
                    import('../features/records/components/document-links.tsx'),
                  ]);
                  return { Component: () => <HealthcareDoctorEditPage documents={OrderDocuments} documentLinks={DocumentLinks} /> };
                },
              },
              {
                path: paths.healthcareDoctorNew,
                lazy: async () => ({
                  Component: (await withStrings('clinical', () => import('../features/clinical/pages/doctor-new-order-page.tsx')))
                    .HealthcareDoctorNewOrderPage,
                }),
              },
              {
                path: paths.healthcareOnlineDoctorEdit,
                lazy: async () => {
                  const [{ HealthcareOnlineDoctorEditPage }, { OrderDocuments }, { DocumentLinks }] = await Promise.all([
                    import('../features/clinical/pages/doctor-edit-page.tsx'),
                    import('../features/records/components/order-documents.tsx'),
                    import('../features/records/components/document-links.tsx'),
                  ]);
                  return { Component: () => <HealthcareOnlineDoctorEditPage documents={OrderDocuments} documentLinks={DocumentLinks} /> };
                },
              },
              {
                path: paths.healthcareOnlineDoctorNew,
                lazy: async () => ({
                  Component: (await withStrings('clinical', () => import('../features/clinical/pages/doctor-new-order-page.tsx')))
                    .HealthcareOnlineDoctorNewOrderPage,
                }),
              },
              {
                path: paths.userInfo,
                lazy: async () => ({
                  Component: (await withStrings('accounts', () => import('../features/accounts/pages/user-info-page.tsx'))).UserInfoPage,
                }),
              },
              feature(paths.diagnosticTest, 'diagnosticTest'),
              feature(paths.diagnosticTestConfirm, 'diagnosticTest'),
              feature(paths.diagnosticTestComplete, 'diagnosticTest'),
              feature(paths.diagnosticTestEdit, 'diagnosticTestEdit'),
              feature(paths.diagnosticTestDoctorEdit, 'diagnosticTestDoctorEdit'),
              feature(paths.imaging, 'imaging'),
              feature(paths.imagingConfirm, 'imaging'),
              feature(paths.imagingComplete, 'imaging'),
              feature(paths.imagingEdit, 'imagingEdit'),
              feature(paths.imagingDoctorEdit, 'imagingDoctorEdit'),
              {
                path: paths.healthRecord,
                lazy: async () => ({
                  Component: (await withStrings('records', () => import('../features/records/pages/health-record-page.tsx')))
                    .HealthRecordPage,
                }),
              },
              {
                path: paths.healthRecordDetail,
                lazy: async () => ({
                  Component: (await withStrings('records', () => import('../features/records/pages/health-record-page.tsx')))
                    .HealthRecordPage,
                }),
              },
              {
                path: paths.examinationHistory,
                lazy: async () => ({
                  Component: (await withStrings('records', () => import('../features/records/pages/examination-history-page.tsx')))
                    .ExaminationHistoryPage,
                }),
              },
              {
                path: paths.applicationList,
                lazy: async () => ({
                  Component: (await withStrings('orders', () => import('../features/orders/pages/application-list-page.tsx')))
                    .ApplicationListPage,
                }),
              },
              {
                path: paths.scheduleManagement,
                lazy: async () => ({
                  Component: (await withStrings('schedules', () => import('../features/schedules/pages/schedule-management-page.tsx')))
                    .ScheduleManagementPage,
                }),
              },
              {
                path: paths.ordersInMonth,
                lazy: async () => ({
                  Component: (await withStrings('orders', () => import('../features/orders/pages/orders-in-month-page.tsx')))
                    .OrdersInMonthPage,
                }),
              },
              {
                path: paths.allOrders,
                lazy: async () => {
                  // The order's page with its examination result (issue 17) and document links (issue 15): the features
                  // meet here, not in each other.
                  const [{ OrderDetailPage }, { ClinicalSummary }, { OrderDocuments }, { DocumentLinks }, { OrderExportActions }] =
                    await Promise.all([
                      import('../features/orders/pages/order-detail-page.tsx'),
                      import('../features/clinical/components/clinical-summary.tsx'),
                      import('../features/records/components/order-documents.tsx'),
                      import('../features/records/components/document-links.tsx'),
                      import('../features/exports/components/order-export-actions.tsx'),
                    ]);
                  return {
                    Component: () => (
                      <OrderDetailPage
                        examResult={ClinicalSummary}
                        documents={OrderDocuments}
                        documentLinks={DocumentLinks}
                        exportActions={OrderExportActions}
                      />
                    ),
                  };
                },
              },
              {
                path: paths.healthMonitoring,
                lazy: async () => ({
                  Component: (await withStrings('monitoring', () => import('../features/monitoring/pages/health-monitoring-page.tsx')))
                    .HealthMonitoringPage,
                }),
              },
              {
                path: paths.relativeManagement,
                lazy: async () => ({
                  Component: (await withStrings('relatives', () => import('../features/relatives/pages/relative-management-page.tsx')))
                    .RelativeManagementPage,
                }),
              },
              {
                path: paths.patientInformation,
                lazy: async () => ({
                  Component: (await withStrings('relatives', () => import('../features/relatives/pages/patient-information-page.tsx')))
                    .PatientInformationPage,
                }),
              },
            ],
          },

          {
            path: '*',
            lazy: async () => ({ Component: (await import('../features/system/pages/not-found-page.tsx')).NotFoundPage }),
          },
        ],
      },
    ],
  },
];

/**
 * Plugs the app into the API client (spec §4): a 500 answer shows the server-error screen, with a
 * client-side navigation that keeps the app's state; a 401 renews the session once (requests starting
 * meanwhile wait for it), and when that fails the login state is cleared and the login screen replaces
 * the current page, which it returns to after logging in. Returns the function that disconnects it again.
 */
export function connectApiClient(router: DataRouter): () => void {
  return configureApiClient({
    onServerError: () => void router.navigate(paths.serverError),
    // The browser sends the HttpOnly session cookie itself; a request only has to wait for a refresh.
    getAuthHeader: () => refreshInFlight()?.then(() => undefined),
    onUnauthorized: async (_error, { sentAt }) => {
      if (await refreshSessionOnce(sentAt)) return true;
      useAuthStore.getState().clear();
      const { location } = router.state;
      if (location.pathname !== paths.login) void router.navigate(paths.login, { replace: true, state: loginRedirectState(location) });
      return false;
    },
  });
}
