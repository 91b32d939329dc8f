import { LANGUAGES } from '@rhc/i18n';
import { AppLanguageSchema } from '@rhc/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { logIn, signUp, signupBody, uniquePerson, verifiedSignupCode } from '../../../test/accounts-helpers.ts';
import { describeOnEachDatabase } from '../../../test/test-app.ts';
import { send } from '../../../test/http-helpers.ts';

describeOnEachDatabase((context) => {
  describe('GET/PUT /api/user-notifications/:userId, PUT /api/user-language/:userId', () => {
    it('offers the languages the app has', () => {
      expect(AppLanguageSchema.options).toEqual([...LANGUAGES]);
    });

    it('keeps the language the app signs up and logs in with', async () => {
      const { app, database } = context();
      const { phone, email } = uniquePerson();
      const verificationId = await verifiedSignupCode(app, phone);
      const signup = await send(
        app,
        'POST',
        '/api/signup',
        { 'accept-language': 'zh-CN,zh;q=0.9' },
        signupBody(phone, email, verificationId),
      );
      expect(signup.statusCode).toBe(201);
      const userId = signup.json().data.userId as string;
      const languageOf = async () => (await database.db.select().from(users).where(eq(users.id, userId)))[0]?.language;
      expect(await languageOf()).toBe('zh');
      const login = await send(app, 'POST', '/api/login', { 'accept-language': 'en' }, { phone, password: 'matkhau123' });
      expect(login.statusCode).toBe(200);
      expect(await languageOf()).toBe('en');
    });

    it('answers the defaults, saves a choice, refuses none, and follows a language switch', async () => {
      const { app } = context();
      const person = await signUp(app);
      const { auth } = await logIn(app, person.phone, person.password);
      const url = `/api/user-notifications/${person.userId}`;
      const first = await app.inject({ method: 'GET', url, headers: auth });
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toEqual({ sms: true, email: true, language: 'vi', emailAvailable: true });

      const saved = await app.inject({ method: 'PUT', url, headers: auth, payload: { sms: false, email: true, language: 'en' } });
      expect(saved.json().data).toEqual({ sms: false, email: true, language: 'en', emailAvailable: true });

      const none = await send(app, 'PUT', url, { ...auth, 'accept-language': 'vi' }, { sms: false, email: false, language: 'en' });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ code: 'NOTIFICATION_CHANNEL_REQUIRED', message: expect.stringContaining('ít nhất một') });

      const switched = await send(app, 'PUT', `/api/user-language/${person.userId}`, auth, { language: 'zh' });
      expect(switched.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url, headers: auth })).json().data).toMatchObject({
        sms: false,
        email: true,
        language: 'zh',
      });
    });

    it("answers 404 for another person's preferences and language", async () => {
      const { app } = context();
      const [me, other] = [await signUp(app), await signUp(app)];
      const { auth } = await logIn(app, me.phone, me.password);
      const url = `/api/user-notifications/${other.userId}`;
      expect((await app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(404);
      const put = await app.inject({ method: 'PUT', url, headers: auth, payload: { sms: true, email: false, language: 'vi' } });
      expect(put.statusCode).toBe(404);
      const language = await send(app, 'PUT', `/api/user-language/${other.userId}`, auth, { language: 'en' });
      expect(language.statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    });
  });
});
