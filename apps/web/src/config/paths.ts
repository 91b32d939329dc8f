/**
 * Every route of spec §2, in the spec's spelling (trailing slashes included, since those URLs are
 * already shared and bookmarked). The route table (src/app/router.tsx) and every link read them from
 * here; build a concrete URL with React Router's `generatePath(paths.healthRecordDetail, { id })`.
 */
export const paths = {
  // Public
  home: '/',
  login: '/login/',
  forgotPassword: '/forgetpassword/',
  register: '/register/',
  bookingSuccess: '/bookingsuccess/',
  bookingSuccessDetail: '/bookingsuccess/:id',
  orderTracking: '/order-tracking/:orderSecureCode',
  alcohol: '/alcohol-elimination-time/',
  medicalInformation: '/medical-information/',
  vaccines: '/vaccines/',
  vaccineRegistration: '/vaccine-registration/',
  vaccineRegistrationConfirm: '/vaccine-registration/confirm/',
  vaccineRegistrationComplete: '/vaccine-registration/complete/',
  vaccineOrderEdit: '/vaccine-order/edit/:id',
  serverError: '/page-error-500/',

  // Behind login
  healthcare: '/healthcare/',
  healthcareConfirm: '/healthcare/confirm/',
  healthcareComplete: '/healthcare/complete/',
  healthcareOnline: '/healthcare-online/',
  healthcareOnlineConfirm: '/healthcare/confirm-online/',
  healthcareOnlineComplete: '/healthcare/complete-online/',
  healthcareEdit: '/healthcareedit/:id',
  healthcareOnlineEdit: '/healthcareeditonline/:id',
  healthcareDoctorEdit: '/healthcaredoctoredit/:id',
  healthcareDoctorNew: '/healthcaredoctoredit/new/:patientId/:doctorId',
  healthcareOnlineDoctorEdit: '/healthcaredoctoreditonline/:id',
  healthcareOnlineDoctorNew: '/healthcaredoctoreditonline/new/:patientId/:doctorId',
  userInfo: '/infouser/',
  diagnosticTest: '/diagnostictest/',
  diagnosticTestConfirm: '/diagnostictest/confirm/',
  diagnosticTestComplete: '/diagnostictest/complete/',
  diagnosticTestEdit: '/diagnostictestedit/:id',
  diagnosticTestDoctorEdit: '/diagnostictestdoctoredit/:id',
  imaging: '/imageanalysation/',
  imagingConfirm: '/imageanalysation/confirm/',
  imagingComplete: '/imageanalysation/complete/',
  imagingEdit: '/imageanalysationedit/:id',
  // The spec's spelling ("…edoctoredit"), kept because it is the public URL.
  imagingDoctorEdit: '/imageanalysationedoctoredit/:id',
  healthRecord: '/health-record/',
  healthRecordDetail: '/health-record/:id',
  applicationList: '/applicationlist/',
  scheduleManagement: '/schedulemanagement/',
  ordersInMonth: '/order-list-in-month/',
  allOrders: '/all-orders/:id',
  healthMonitoring: '/health-monitoring/',
  /** The nutrition assessment and plan history (spec §1, §2; issue 52). */
  nutrition: '/nutrition/',
  relativeManagement: '/relativemanagement/',
  patientInformation: '/patientinformation/',
  /** The medical history viewer (spec §2 "Screens by function"), reached from /patientinformation/ (issue 15). */
  examinationHistory: '/patientinformation/history/',
} as const;

/** Where the unanswered authorization and tracking requests are answered (spec §2 "Check now"; `?type=watched`). */
export const WATCH_REQUESTS_PATH = `${paths.relativeManagement}?type=watched`;
