import type { Order, WorkMode } from '@rhc/contracts';
import type { Namespace } from '@rhc/i18n';
import { lazy, type ComponentType, type ReactElement } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { RequireLogin } from '../features/accounts/components/require-login.tsx';
import { loginRedirectState } from '../features/accounts/login-redirect.ts';
import { ServerErrorPage } from '../features/system/pages/server-error-page.tsx';
import { configureApiClient } from '../lib/api-client-config.ts';
import { i18n } from '../lib/i18n.ts';
import { refreshInFlight, refreshSessionOnce } from '../lib/session-refresh.ts';
import { useAuthStore } from '../stores/auth-store.ts';
import type { AppHistory } from './history-router.tsx';
import { RootLayout } from './layouts/root-layout.tsx';

/*
 * Every page is its own chunk, loaded on first visit, so the entry bundle holds only the shell; the layout shows a
 * loader (or keeps the previous page, with its loading bar) meanwhile, and its error boundary shows ServerErrorPage
 * should a page fail to load or to render. ServerErrorPage itself is in the shell: it must show even when loading a
 * chunk is what failed.
 */

/** A page loaded on its first visit: `load` resolves to its component. */
function page(load: () => Promise<ComponentType>): ReactElement {
  const Page = lazy(async () => ({ default: await load() }));
  return <Page />;
}

/**
 * A page's code and its strings, fetched side by side: the page's namespace would otherwise be requested only once its
 * code has run and asked for it, one more round trip before anything of the page shows (issue 13). The strings
 * share the one request with the page's `useTranslation`, which still waits for it (and still shows a failure its own way).
 */
async function withStrings<Module>(namespaces: Namespace | readonly Namespace[], load: () => Promise<Module>): Promise<Module> {
  // One load per namespace, the very one each `useTranslation` of a single namespace then shares.
  for (const namespace of typeof namespaces === 'string' ? [namespaces] : namespaces) void i18n.loadNamespaces(namespace);
  return load();
}

/** The booking pages' strings: the wizard's own and the person's fields (components/person). */
const BOOKING_STRINGS = ['booking', 'person'] as const;
/** The vaccine registration's strings: its own, the vaccines' names, and the booking parts' it shares. */
const REGISTRATION_STRINGS = ['vaccine-registration', 'vaccine-facts', 'vaccine-ages', ...BOOKING_STRINGS] as const;
/** The lab booking's strings: its own, the catalog's names, and the booking parts' it shares. */
const LAB_STRINGS = ['lab-booking', 'lab-catalog', ...BOOKING_STRINGS] as const;
/** The imaging booking's strings: its own, the catalog's names (types, parts, questions), and the booking parts' it shares. */
const IMAGING_STRINGS = ['imaging-booking', 'lab-catalog', ...BOOKING_STRINGS] as const;

/**
 * A page on its two routes, in person and online (spec §2): one module, loaded on the first visit to either, its
 * component told which by `mode`.
 */
function modeRoutes(routePaths: Record<WorkMode, string>, load: () => Promise<ComponentType<{ mode: WorkMode }>>): RouteObject[] {
  return WORK_MODES.map((mode) => ({
    path: routePaths[mode],
    element: page(async () => {
      const Page = await load();
      return () => <Page mode={mode} />;
    }),
  }));
}

const WORK_MODES = ['direct', 'online'] as const satisfies readonly WorkMode[];

/** The staff's results screen on its two routes, lab and imaging (spec §2), with the records feature's files handed in. */
function resultsStaffRoutes(): RouteObject[] {
  const screens = [
    { path: paths.diagnosticTestDoctorEdit, category: 'lab' },
    { path: paths.imagingDoctorEdit, category: 'imaging' },
  ] as const;
  return screens.map(({ path, category }) => ({
    path,
    element: page(async () => {
      const [{ ResultsStaffPage }, { OrderDocuments }] = await withStrings(['lab-results', 'lab-catalog', 'records'], () =>
        Promise.all([
          import('../features/lab-results/pages/results-staff-page.tsx'),
          import('../features/records/components/order-documents.tsx'),
        ]),
      );
      return () => <ResultsStaffPage category={category} documents={OrderDocuments} />;
    }),
  }));
}

// Pages on two routes are one element, so moving between the routes keeps what the page holds.
const bookingSuccessPage = page(
  async () => (await withStrings('orders', () => import('../features/orders/pages/booking-success-page.tsx'))).BookingSuccessPage,
);
const healthRecordPage = page(
  async () => (await withStrings(['records', 'person'], () => import('../features/records/pages/health-record-page.tsx'))).HealthRecordPage,
);

/** The route table of spec §2, declared once. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Pages read server data: TanStack Query loads with the first one, in parallel with its code (query-layer.tsx).
        element: page(async () => (await import('./query-layer.tsx')).QueryOutlet),
        children: [
          {
            index: true,
            element: page(async () => (await import('../features/home/pages/home-page.tsx')).HomePage),
          },

          // Public
          {
            path: paths.login,
            element: page(async () => (await withStrings('accounts', () => import('../features/accounts/pages/login-page.tsx'))).LoginPage),
          },
          {
            path: paths.forgotPassword,
            element: page(
              async () =>
                (await withStrings('accounts', () => import('../features/accounts/pages/forgot-password-page.tsx'))).ForgotPasswordPage,
            ),
          },
          {
            path: paths.register,
            element: page(
              async () =>
                (await withStrings(['accounts', 'person'], () => import('../features/accounts/pages/register-page.tsx'))).RegisterPage,
            ),
          },
          {
            path: paths.bookingSuccess,
            element: bookingSuccessPage,
          },
          {
            path: paths.bookingSuccessDetail,
            element: bookingSuccessPage,
          },
          {
            path: paths.orderTracking,
            element: page(
              async () => (await withStrings('orders', () => import('../features/orders/pages/order-tracking-page.tsx'))).OrderTrackingPage,
            ),
          },
          {
            path: paths.alcohol,
            element: page(
              async () => (await withStrings('alcohol', () => import('../features/alcohol/pages/alcohol-page.tsx'))).AlcoholPage,
            ),
          },
          {
            // The book's contents, and each of its pages by its slug (`/medical-information/first-aid-basics`).
            path: `${paths.medicalInformation}:page?`,
            element: page(
              async () =>
                (await withStrings('handbook', () => import('../features/handbook/pages/medical-information-page.tsx')))
                  .MedicalInformationPage,
            ),
          },
          {
            // Public in spec §2: a visitor sees the fact sheets and is asked to sign in for a record.
            path: paths.vaccines,
            element: page(
              async () =>
                (
                  await withStrings(
                    ['vaccines', 'vaccine-facts', 'vaccine-ages', 'person'],
                    () => import('../features/vaccines/pages/vaccines-page.tsx'),
                  )
                ).VaccinesPage,
            ),
          },
          { path: paths.serverError, element: <ServerErrorPage /> },

          // Behind login (spec §2): the accounts feature's guard.
          {
            element: <RequireLogin />,
            children: [
              ...modeRoutes(
                { direct: paths.healthcare, online: paths.healthcareOnline },
                async () => (await withStrings(BOOKING_STRINGS, () => import('../features/orders/pages/booking-page.tsx'))).BookingPage,
              ),
              ...modeRoutes(
                { direct: paths.healthcareConfirm, online: paths.healthcareOnlineConfirm },
                async () =>
                  (await withStrings(BOOKING_STRINGS, () => import('../features/orders/pages/booking-confirm-page.tsx')))
                    .BookingConfirmPage,
              ),
              ...modeRoutes(
                { direct: paths.healthcareComplete, online: paths.healthcareOnlineComplete },
                async () =>
                  (await withStrings('booking', () => import('../features/orders/pages/booking-complete-page.tsx'))).BookingCompletePage,
              ),
              ...modeRoutes(
                { direct: paths.healthcareEdit, online: paths.healthcareOnlineEdit },
                async () =>
                  (await withStrings(BOOKING_STRINGS, () => import('../features/orders/pages/booking-edit-page.tsx'))).BookingEditPage,
              ),
              ...modeRoutes({ direct: paths.healthcareDoctorEdit, online: paths.healthcareOnlineDoctorEdit }, async () => {
                // The doctor's screen with the order's files and links (issue 17): the records feature's, handed in here.
                const [{ DoctorEditPage }, { OrderDocuments }, { DocumentLinks }] = await Promise.all([
                  withStrings(['clinical', 'licence'], () => import('../features/clinical/pages/doctor-edit-page.tsx')),
                  import('../features/records/components/order-documents.tsx'),
                  import('../features/records/components/document-links.tsx'),
                ]);
                return ({ mode }: { mode: WorkMode }) => (
                  <DoctorEditPage mode={mode} documents={OrderDocuments} documentLinks={DocumentLinks} />
                );
              }),
              ...modeRoutes(
                { direct: paths.healthcareDoctorNew, online: paths.healthcareOnlineDoctorNew },
                async () =>
                  (await withStrings('clinical', () => import('../features/clinical/pages/doctor-new-order-page.tsx'))).DoctorNewOrderPage,
              ),
              // The vaccine registration (issue 50): a vaccine order booked for me or a profile, so behind login.
              {
                path: paths.vaccineRegistration,
                element: page(
                  async () =>
                    (
                      await withStrings(
                        REGISTRATION_STRINGS,
                        () => import('../features/vaccine-orders/pages/vaccine-registration-page.tsx'),
                      )
                    ).VaccineRegistrationPage,
                ),
              },
              {
                path: paths.vaccineRegistrationConfirm,
                element: page(
                  async () =>
                    (await withStrings(REGISTRATION_STRINGS, () => import('../features/vaccine-orders/pages/vaccine-confirm-page.tsx')))
                      .VaccineConfirmPage,
                ),
              },
              {
                path: paths.vaccineRegistrationComplete,
                element: page(
                  async () =>
                    (await withStrings(REGISTRATION_STRINGS, () => import('../features/vaccine-orders/pages/vaccine-complete-page.tsx')))
                      .VaccineCompletePage,
                ),
              },
              {
                path: paths.vaccineOrderEdit,
                element: page(
                  async () =>
                    (await withStrings(REGISTRATION_STRINGS, () => import('../features/vaccine-orders/pages/vaccine-order-edit-page.tsx')))
                      .VaccineOrderEditPage,
                ),
              },
              {
                path: paths.userInfo,
                element: page(
                  async () =>
                    (await withStrings(['accounts', 'person', 'licence'], () => import('../features/accounts/pages/user-info-page.tsx')))
                      .UserInfoPage,
                ),
              },
              // The lab booking (issue 51): lab tests at home or at a clinic, for me or a profile, so behind login.
              {
                path: paths.diagnosticTest,
                element: page(
                  async () =>
                    (await withStrings(LAB_STRINGS, () => import('../features/lab-orders/pages/lab-booking-page.tsx'))).LabBookingPage,
                ),
              },
              {
                path: paths.diagnosticTestConfirm,
                element: page(
                  async () =>
                    (await withStrings(LAB_STRINGS, () => import('../features/lab-orders/pages/lab-confirm-page.tsx'))).LabConfirmPage,
                ),
              },
              {
                path: paths.diagnosticTestComplete,
                element: page(
                  async () =>
                    (await withStrings(LAB_STRINGS, () => import('../features/lab-orders/pages/lab-complete-page.tsx'))).LabCompletePage,
                ),
              },
              {
                path: paths.diagnosticTestEdit,
                element: page(
                  async () =>
                    (await withStrings(LAB_STRINGS, () => import('../features/lab-orders/pages/lab-order-edit-page.tsx'))).LabOrderEditPage,
                ),
              },
              // The staff's results screens of lab and imaging orders (decision 046): one page, the order's files handed in.
              ...resultsStaffRoutes(),
              // The imaging booking (issue 51): a scan at a clinic's machine, for me or a profile, so behind login.
              {
                path: paths.imaging,
                element: page(
                  async () =>
                    (await withStrings(IMAGING_STRINGS, () => import('../features/imaging-orders/pages/imaging-booking-page.tsx')))
                      .ImagingBookingPage,
                ),
              },
              {
                path: paths.imagingConfirm,
                element: page(
                  async () =>
                    (await withStrings(IMAGING_STRINGS, () => import('../features/imaging-orders/pages/imaging-confirm-page.tsx')))
                      .ImagingConfirmPage,
                ),
              },
              {
                path: paths.imagingComplete,
                element: page(
                  async () =>
                    (await withStrings(IMAGING_STRINGS, () => import('../features/imaging-orders/pages/imaging-complete-page.tsx')))
                      .ImagingCompletePage,
                ),
              },
              {
                path: paths.imagingEdit,
                element: page(
                  async () =>
                    (await withStrings(IMAGING_STRINGS, () => import('../features/imaging-orders/pages/imaging-order-edit-page.tsx')))
                      .ImagingOrderEditPage,
                ),
              },
              {
                path: paths.healthRecord,
                element: healthRecordPage,
              },
              {
                path: paths.healthRecordDetail,
                element: healthRecordPage,
              },
              {
                path: paths.examinationHistory,
                element: page(
                  async () =>
                    (await withStrings(['records', 'person'], () => import('../features/records/pages/examination-history-page.tsx')))
                      .ExaminationHistoryPage,
                ),
              },
              {
                path: paths.applicationList,
                element: page(
                  async () =>
                    (await withStrings('orders', () => import('../features/orders/pages/application-list-page.tsx'))).ApplicationListPage,
                ),
              },
              {
                path: paths.scheduleManagement,
                element: page(
                  async () =>
                    (await withStrings('schedules', () => import('../features/schedules/pages/schedule-management-page.tsx')))
                      .ScheduleManagementPage,
                ),
              },
              {
                path: paths.ordersInMonth,
                element: page(
                  async () =>
                    (await withStrings('orders', () => import('../features/orders/pages/orders-in-month-page.tsx'))).OrdersInMonthPage,
                ),
              },
              {
                path: paths.allOrders,
                element: page(async () => {
                  // The order's page with its examination result (issue 17) and document links (issue 15): the features
                  // meet here, not in each other.
                  // The sections' strings come with the code: each would otherwise be asked for only once the order
                  // has arrived and its section renders, one more round trip before the page is whole.
                  // A vaccine order's vaccine and dose (issue 50), a lab order's tests and place, an imaging order's scan (issue 51): their strings load
                  // when such an order shows, not with every order.
                  const [
                    { OrderDetailPage },
                    { ClinicalSummary },
                    { OrderDocuments },
                    { DocumentLinks },
                    { OrderExportActions },
                    { VaccineOrderDetails },
                    { OrderResultsSection },
                    { LabOrderDetails },
                    { ImagingOrderDetails },
                  ] = await withStrings(['orders', 'reminders', 'waitlist', 'clinical', 'records', 'exports', 'lab-results'], () =>
                    Promise.all([
                      import('../features/orders/pages/order-detail-page.tsx'),
                      import('../features/clinical/components/clinical-summary.tsx'),
                      import('../features/records/components/order-documents.tsx'),
                      import('../features/records/components/document-links.tsx'),
                      import('../features/exports/components/order-export-actions.tsx'),
                      import('../features/vaccine-orders/components/vaccine-order-details.tsx'),
                      import('../features/lab-results/components/order-results-section.tsx'),
                      import('../features/lab-orders/components/lab-order-details.tsx'),
                      import('../features/imaging-orders/components/imaging-order-details.tsx'),
                    ]),
                  );
                  // One section for every category's facts: each draws its own order and nothing for another.
                  const CategoryDetails = ({ order }: { order: Order }) => (
                    <>
                      <VaccineOrderDetails order={order} />
                      <LabOrderDetails order={order} />
                      <ImagingOrderDetails order={order} />
                    </>
                  );
                  return () => (
                    <OrderDetailPage
                      examResult={ClinicalSummary}
                      documents={OrderDocuments}
                      documentLinks={DocumentLinks}
                      exportActions={OrderExportActions}
                      categoryDetails={CategoryDetails}
                      results={OrderResultsSection}
                    />
                  );
                }),
              },
              {
                path: paths.healthMonitoring,
                element: page(
                  async () =>
                    (await withStrings(['monitoring', 'person'], () => import('../features/monitoring/pages/health-monitoring-page.tsx')))
                      .HealthMonitoringPage,
                ),
              },
              {
                path: paths.nutrition,
                element: page(
                  async () =>
                    (await withStrings(['nutrition', 'person'], () => import('../features/nutrition/pages/nutrition-page.tsx')))
                      .NutritionPage,
                ),
              },
              {
                path: paths.relativeManagement,
                element: page(
                  async () =>
                    (await withStrings(['relatives', 'person'], () => import('../features/relatives/pages/relative-management-page.tsx')))
                      .RelativeManagementPage,
                ),
              },
              {
                path: paths.patientInformation,
                element: page(
                  async () =>
                    (await withStrings(['relatives', 'person'], () => import('../features/relatives/pages/patient-information-page.tsx')))
                      .PatientInformationPage,
                ),
              },
            ],
          },

          {
            path: '*',
            element: page(async () => (await import('../features/system/pages/not-found-page.tsx')).NotFoundPage),
          },
        ],
      },
    ],
  },
];

/** The page of the current address, inside the layout. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Plugs the app into the API client (spec §4): a 500 answer shows the server-error screen, with a
 * client-side navigation that keeps the app's state; a 401 renews the session once (requests starting
 * meanwhile wait for it), and when that fails the login state is cleared and the login screen replaces
 * the current page, which it returns to after logging in. Returns the function that disconnects it again.
 */
export function connectApiClient(history: AppHistory): () => void {
  return configureApiClient({
    onServerError: () => history.push(paths.serverError),
    // The browser sends the HttpOnly session cookie itself; a request only has to wait for a refresh.
    getAuthHeader: () => refreshInFlight()?.then(() => undefined),
    onUnauthorized: async (_error, { sentAt }) => {
      if (await refreshSessionOnce(sentAt)) return true;
      useAuthStore.getState().clear();
      const { location } = history;
      if (location.pathname !== paths.login) history.replace(paths.login, loginRedirectState(location));
      return false;
    },
  });
}
