import { SignupBodySchema, UpdateUserBodySchema, type SignupBody, type UpdateUserBody } from '@rhc/contracts';
import { DEGREES, JOB_IDS, type Degree, type Gender, type JobId } from '@rhc/domain';
import { schemaErrors, type FieldErrors } from '../../lib/forms.ts';

/** The doctor's extras as a form holds them: every input's raw text (spec §3 "Doctor extras"). */
export type DoctorFormValues = {
  degree: string | null;
  specialtyNames: string[];
  momoPhone: string;
  bankName: string;
  bankAccount: string;
  workPlace: string | null;
};

export const emptyDoctor: DoctorFormValues = {
  degree: null,
  specialtyNames: [],
  momoPhone: '',
  bankName: '',
  bankAccount: '',
  workPlace: null,
};

export type OtpChannel = 'sms' | 'email';

/** The sign-up form (spec §3 "Sign-up"); gender starts at male. */
export type SignupFormValues = {
  fullName: string;
  phone: string;
  email: string;
  password: string;
  rePassword: string;
  address: string;
  gender: Gender;
  dateOfBirth: string | null;
  jobId: string;
  jobNote: string;
  doctor: DoctorFormValues;
};

export const emptySignup: SignupFormValues = {
  fullName: '',
  phone: '',
  email: '',
  password: '',
  rePassword: '',
  address: '',
  gender: 'male',
  dateOfBirth: null,
  jobId: '',
  jobNote: '',
  doctor: emptyDoctor,
};

export const JOB_OPTIONS = [JOB_IDS.doctor, JOB_IDS.healthcareStaff, JOB_IDS.other] as const;

export function jobIdOf(value: string): JobId | undefined {
  return JOB_OPTIONS.find((id) => String(id) === value);
}

function isDegree(value: string | null): value is Degree {
  return (DEGREES as readonly (string | null)[]).includes(value);
}

/** The doctor's extras as the contract has them: an empty optional momo phone is left out. */
export function toDoctorExtras(doctor: DoctorFormValues): NonNullable<SignupBody['doctor']> {
  return {
    // An unchosen degree or work place fails the schema as "required" (its messages are i18n keys).
    degree: (isDegree(doctor.degree) ? doctor.degree : undefined) as Degree,
    specialtyNames: doctor.specialtyNames,
    momoPhone: doctor.momoPhone.trim() === '' ? undefined : doctor.momoPhone,
    bankName: doctor.bankName,
    bankAccount: doctor.bankAccount,
    workPlace: doctor.workPlace ?? '',
  };
}

/**
 * The body of POST /api/signup for these values: the doctor's extras only for a doctor, the job note
 * only for "other". Unchosen values are left undefined, so the contract's schema reports them as required.
 */
export function toSignupBody(values: SignupFormValues, verificationId: string | null): SignupBody {
  const jobId = jobIdOf(values.jobId);
  return {
    verificationId: verificationId ?? '',
    fullName: values.fullName,
    phone: values.phone,
    email: values.email,
    address: values.address,
    gender: values.gender,
    dateOfBirth: values.dateOfBirth ?? '',
    jobId: jobId as JobId,
    jobNote: jobId === JOB_IDS.other ? values.jobNote : undefined,
    doctor: jobId === JOB_IDS.doctor ? toDoctorExtras(values.doctor) : undefined,
    password: values.password,
    rePassword: values.rePassword,
  };
}

/** The profile form (PUT /api/user/{id}): phone, e-mail and job are shown, not changed. */
export type ProfileFormValues = Pick<SignupFormValues, 'fullName' | 'address' | 'gender' | 'dateOfBirth' | 'jobNote' | 'doctor'>;

export function toUpdateUserBody(values: ProfileFormValues, jobId: JobId): UpdateUserBody {
  return {
    fullName: values.fullName,
    address: values.address,
    gender: values.gender,
    dateOfBirth: values.dateOfBirth ?? '',
    jobNote: jobId === JOB_IDS.other ? values.jobNote : undefined,
    doctor: jobId === JOB_IDS.doctor ? toDoctorExtras(values.doctor) : undefined,
  };
}

/**
 * The contract's refinements (re-entry matches, job note for "other") run only once the rest of the body
 * parses; a form shows every problem at once, so the same rules are also checked here, with the same keys.
 */
function crossFieldErrors(
  values: { dateOfBirth: string | null; jobNote: string },
  jobId: JobId | undefined,
  passwords: [string, string],
): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.dateOfBirth) errors.dateOfBirth = 'validation.required';
  if (jobId === JOB_IDS.other && values.jobNote.trim() === '') errors.jobNote = 'validation.required';
  if (passwords[1] !== '' && passwords[0] !== passwords[1]) errors.rePassword = 'validation.password_mismatch';
  return errors;
}

/** Every problem of the sign-up form, by field, from the contract's own schema. */
export function signupErrors(values: SignupFormValues, verificationId: string | null): FieldErrors {
  const errors = schemaErrors(SignupBodySchema, toSignupBody(values, verificationId));
  return { ...errors, ...crossFieldErrors(values, jobIdOf(values.jobId), [values.password, values.rePassword]) };
}

/** Every problem of the profile form, by field, from the contract's own schema. */
export function profileErrors(values: ProfileFormValues, jobId: JobId): FieldErrors {
  const errors = schemaErrors(UpdateUserBodySchema, toUpdateUserBody(values, jobId));
  return { ...errors, ...crossFieldErrors(values, jobId, ['', '']) };
}
