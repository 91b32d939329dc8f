import { isStepUpFresh } from '@rhc/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

let counter = 0;
/** A fresh Vietnamese mobile number and e-mail for each call, so tests in one database never collide. */
export function uniquePerson() {
  counter += 1;
  const suffix = String(process.pid % 1000).padStart(3, '0') + String(counter).padStart(5, '0');
  return { phone: `09${suffix}`.slice(0, 10), email: `nguoidung${suffix}@example.vn` };
}

export function signupBody(phone: string, email: string, verificationId: string, overrides: Record<string, unknown> = {}) {
  return {
    verificationId,
    fullName: 'Phạm Thị Hồng',
    phone,
    email,
    password: 'matkhau123',
    rePassword: 'matkhau123',
    address: '45 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
    gender: 'female',
    dateOfBirth: '1990-05-20',
    jobId: 3,
    jobNote: 'Giáo viên',
    ...overrides,
  };
}

/** The newest 6-digit code in the development outbox for a phone or e-mail. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const message = response.json().data[0] as { text: string } | undefined;
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

let addressCounter = 0;
/**
 * A distinct client address for each call (10.x.y.z): tests that send many codes stay under the per-IP caps (R6)
 * that a real person never reaches; tests of those caps pass one `remoteAddress` on purpose.
 */
export function uniqueAddress(): string {
  addressCounter += 1;
  return `10.${(process.pid >> 8) % 256}.${(addressCounter >> 8) % 256}.${addressCounter % 256}`;
}

/** Sends a code for `purpose` to a phone or an e-mail, from a client address of its own unless given. */
type CodeSender = (
  app: FastifyInstance,
  to: string,
  purpose?: 'signup' | 'reset',
  remoteAddress?: string,
) => Promise<{ response: LightMyRequestResponse; verificationId: string }>;

function codeSender(url: string, field: 'phone' | 'email'): CodeSender {
  return async (app, to, purpose = 'signup', remoteAddress = uniqueAddress()) => {
    const response = await app.inject({ method: 'POST', url, payload: { [field]: to, purpose }, remoteAddress });
    return { response, verificationId: response.json().data?.verificationId as string };
  };
}

export const sendSmsCode = codeSender('/api/otp/saveVerificationIdToDb', 'phone');
export const sendEmailCode = codeSender('/api/otp/send-email', 'email');

/** Checks the newest code sent to `to` (a phone or an e-mail) for the verification. */
export async function verifyLatestCode(app: FastifyInstance, verificationId: string, to: string): Promise<void> {
  const code = await latestCode(app, to);
  await app.inject({ method: 'POST', url: '/api/otp/verify', payload: { verificationId, code } });
}

/** A verified sign-up code: by SMS to `phone` (the phone is proven), or by e-mail to `email` (only the e-mail is). */
export async function verifiedSignupCode(app: FastifyInstance, phone: string, email?: string): Promise<string> {
  const { verificationId } = email ? await sendEmailCode(app, email) : await sendSmsCode(app, phone);
  await verifyLatestCode(app, verificationId, email ?? phone);
  return verificationId;
}

export interface SignedUp {
  phone: string;
  email: string;
  password: string;
  userId: string;
}

/** A new account, signed up with a code by SMS (its phone verified) or, with `channel` email, by e-mail (decision 048). */
export async function signUp(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  channel: 'sms' | 'email' = 'sms',
): Promise<SignedUp> {
  const { phone, email } = uniquePerson();
  const verificationId = await verifiedSignupCode(app, phone, channel === 'email' ? email : undefined);
  const response = await app.inject({ method: 'POST', url: '/api/signup', payload: signupBody(phone, email, verificationId, overrides) });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  return { phone, email, password: 'matkhau123', userId: response.json().data.userId };
}

export interface LoggedIn {
  accessToken: string;
  refreshToken: string;
  userId: string;
  auth: { authorization: string };
}

export function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

export async function logIn(app: FastifyInstance, phone: string, password: string): Promise<LoggedIn> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { phone, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const data = response.json().data;
  return {
    accessToken: data.accessToken,
    refreshToken: cookieValue(response, 'RHC_refresh_token') ?? '',
    userId: data.user.userId,
    auth: { authorization: `Bearer ${data.accessToken}` },
  };
}

/** A new person, signed up and logged in: their account and their session. */
export async function signUpAndLogIn(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<{ person: SignedUp; session: LoggedIn }> {
  const person = await signUp(app, overrides);
  return { person, session: await logIn(app, person.phone, person.password) };
}

/** When each session (by its Authorization header) was proved by `proveSession`, on the app's clock (or is being). */
const provedSessions = new WeakMap<FastifyInstance, Map<string, Promise<Date>>>();

/**
 * Proves a session for the step-up actions (decision 051) as a person does: a step-up code to `to` (the account's
 * verified phone, or its e-mail: the channel follows), read from the development outbox and checked. Call it before a
 * password change or a share; a session it proved less than STEP_UP_WINDOW_MS ago (on the app's clock), or is proving
 * (concurrent calls), is not proved again, so a suite that shares often stays under the code-send limits.
 */
export async function proveSession(app: FastifyInstance, session: { auth: { authorization: string } }, to: string): Promise<void> {
  const proved = provedSessions.get(app) ?? new Map<string, Promise<Date>>();
  provedSessions.set(app, proved);
  const key = session.auth.authorization;
  const earlier = proved.get(key);
  if (earlier && isStepUpFresh(await earlier.catch(() => undefined), app.clock())) return;
  const proving = sendAndCheckStepUpCode(app, session, to);
  proved.set(key, proving);
  await proving;
}

async function sendAndCheckStepUpCode(app: FastifyInstance, session: { auth: { authorization: string } }, to: string): Promise<Date> {
  const channel = to.includes('@') ? 'email' : 'sms';
  const sent = await app.inject({
    method: 'POST',
    url: '/api/step-up/code',
    headers: session.auth,
    payload: { channel },
    remoteAddress: uniqueAddress(),
  });
  if (sent.statusCode !== 200) throw new Error(`step-up code not sent: ${sent.body}`);
  const code = await latestCode(app, to);
  const verified = await app.inject({ method: 'POST', url: '/api/step-up/verify', headers: session.auth, payload: { code } });
  if (!verified.json().data?.isValid) throw new Error(`step-up code not accepted: ${verified.body}`);
  return app.clock();
}
