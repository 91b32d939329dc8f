import { randomUUID } from 'node:crypto';
import { MAX_MANAGED_PROFILES, SHARE_SECTIONS } from '@rhc/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createPatient, createPatients } from '../../../test/booking-helpers.ts';
import { send, type Caller } from '../../../test/http-helpers.ts';
import { profileBody } from '../../../test/relatives-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import type { Db } from '../../db/client.ts';
import { auditEvents, consentEvents, followGroupMembers, invitations, orders, profiles, shares } from '../../db/schema/index.ts';

async function createProfile(app: FastifyInstance, owner: Caller, overrides: Record<string, unknown> = {}) {
  const response = await send(app, 'POST', `/api/relative/${owner.userId}`, owner.auth, profileBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; info: { fullName: string }; needsChildAssent: boolean; sharedWith: number };
}

/** A grant written directly (invitations, which make them, are another suite's). */
async function share(ctx: TestContext, profileId: string, watcherId: string, sections: string[], grantedBy = profileId): Promise<string> {
  const now = ctx.clock.now();
  const [row] = await ctx.database.db
    .insert(shares)
    .values({ profileId, watcherId, grantedBy, sections, grantedAt: now, changedAt: now })
    .returning({ id: shares.id });
  if (!row) throw new Error('share not stored');
  return row.id;
}

async function endShare(db: Db, shareId: string, by: string, at: Date): Promise<void> {
  await db.update(shares).set({ endedAt: at, endedBy: by }).where(eq(shares.id, shareId));
}

function get(app: FastifyInstance, caller: Caller | null, url: string) {
  return app.inject({ method: 'GET', url, headers: caller?.auth ?? {} });
}

describeOnEachDatabase((context) => {
  describe('profiles I manage', () => {
    it('creates, lists (newest first), changes and erases a profile', async () => {
      const { app } = context();
      const owner = await createPatient(context());
      const child = await createProfile(app, owner);
      expect(child).toMatchObject({
        // The body it was made with, as it is answered: an empty e-mail is none.
        info: { ...profileBody(), email: null },
        needsChildAssent: true,
        sharedWith: 0,
      });
      context().clock.advance(1000);
      const baby = await createProfile(app, owner, { fullName: 'Nguyễn Minh Châu', dateOfBirth: '2024-01-05', gender: 'female' });
      expect(baby.needsChildAssent).toBe(false);
      context().clock.advance(1000);
      const grandma = await createProfile(app, owner, { fullName: 'Trần Thị Lan', dateOfBirth: '1950-07-01', gender: 'female' });
      expect(grandma.needsChildAssent).toBe(false);

      const list = await get(app, owner, `/api/relatives/${owner.userId}`);
      expect(list.statusCode).toBe(200);
      expect((list.json().data as { id: string }[]).map((p) => p.id)).toEqual([grandma.id, baby.id, child.id]);

      const changed = await send(
        app,
        'PUT',
        `/api/relative/${child.id}`,
        owner.auth,
        profileBody({ fullName: 'Nguyễn Minh Anh', email: 'an@example.vn', address: '3 Lê Lai' }),
      );
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data.info).toMatchObject({ fullName: 'Nguyễn Minh Anh', email: 'an@example.vn', address: '3 Lê Lai' });

      const erased = await app.inject({ method: 'DELETE', url: `/api/relative/${baby.id}`, headers: owner.auth });
      expect(erased.statusCode).toBe(200);
      expect(erased.json().data).toEqual({ archived: false });
      expect((await get(app, owner, `/api/relative/${baby.id}`)).statusCode).toBe(404);
      const after = await get(app, owner, `/api/relatives/${owner.userId}`);
      expect((after.json().data as { id: string }[]).map((p) => p.id)).toEqual([grandma.id, child.id]);
    });

    it('answers 404 for another person’s list, profile or path, and for my own profile here; 401 without a session', async () => {
      const { app } = context();
      const owner = await createPatient(context());
      const stranger = await createPatient(context());
      const child = await createProfile(app, owner);

      expect((await get(app, stranger, `/api/relatives/${owner.userId}`)).statusCode).toBe(404);
      const foreignCreate = await send(app, 'POST', `/api/relative/${owner.userId}`, stranger.auth, profileBody());
      expect(foreignCreate.statusCode).toBe(404);
      expect((await get(app, stranger, `/api/relative/${child.id}`)).statusCode).toBe(404);
      const foreignUpdate = await send(app, 'PUT', `/api/relative/${child.id}`, stranger.auth, profileBody());
      expect(foreignUpdate.statusCode).toBe(404);
      expect((await app.inject({ method: 'DELETE', url: `/api/relative/${child.id}`, headers: stranger.auth })).statusCode).toBe(404);
      expect((await get(app, owner, `/api/relative/${randomUUID()}`)).statusCode).toBe(404);

      // One's own profile is one's account: not changed or deleted through this endpoint.
      const ownUpdate = await send(app, 'PUT', `/api/relative/${owner.userId}`, owner.auth, profileBody());
      expect(ownUpdate.statusCode).toBe(404);
      expect((await app.inject({ method: 'DELETE', url: `/api/relative/${owner.userId}`, headers: owner.auth })).statusCode).toBe(404);

      // Still there, unchanged.
      const mine = await get(app, owner, `/api/relative/${child.id}`);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().data.info.fullName).toBe('Nguyễn Minh An');

      expect((await get(app, null, `/api/relatives/${owner.userId}`)).statusCode).toBe(401);
      expect((await get(app, null, `/api/relative/${child.id}`)).statusCode).toBe(401);
    });

    it('archives a profile a booking references: its grants end in the consent history, its group places go', async () => {
      const ctx = context();
      const { app, database } = ctx;
      const [owner, watcher] = await createPatients(ctx, 2);
      const child = await createProfile(app, owner);
      const shareId = await share(ctx, child.id, watcher.userId, ['all'], owner.userId);
      const group = await send(app, 'POST', `/api/groups/${watcher.userId}`, watcher.auth, { name: 'Gia đình', type: 'family' });
      const groupId = group.json().data.id as string;
      expect(
        (await app.inject({ method: 'PUT', url: `/api/group/${groupId}/members/${child.id}`, headers: watcher.auth })).statusCode,
      ).toBe(200);
      expect((await get(app, owner, `/api/relatives/${owner.userId}`)).json().data[0].sharedWith).toBe(1);

      const now = ctx.clock.now();
      await database.db.insert(orders).values({
        code: `RHC-${randomUUID().slice(0, 8).toUpperCase()}`,
        secureCode: randomUUID(),
        userId: owner.userId,
        kind: 1,
        profileId: child.id,
        category: 'exam',
        mode: 'direct',
        startsAt: new Date(now.getTime() + 86_400_000),
        endsAt: new Date(now.getTime() + 86_400_000 + 1_800_000),
        createdBy: owner.userId,
        updatedBy: owner.userId,
      });

      const deleted = await send(app, 'DELETE', `/api/relative/${child.id}`, { ...owner.auth, 'accept-language': 'en' });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json().data).toEqual({ archived: true });

      const [kept] = await database.db.select().from(profiles).where(eq(profiles.id, child.id));
      expect(kept?.archivedAt).not.toBeNull();
      expect((await get(app, owner, `/api/relatives/${owner.userId}`)).json().data).toEqual([]);
      const [ended] = await database.db.select().from(shares).where(eq(shares.id, shareId));
      expect(ended?.endedAt).not.toBeNull();
      const history = await database.db.select().from(consentEvents).where(eq(consentEvents.shareId, shareId));
      expect(history).toMatchObject([
        { action: 'revoked', actorId: owner.userId, watcherId: watcher.userId, language: 'en', sections: ['all'] },
      ]);
      expect(await database.db.select().from(followGroupMembers).where(eq(followGroupMembers.profileId, child.id))).toEqual([]);
      const audit = await database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'relative.archive'), eq(auditEvents.subjectUserId, child.id)));
      expect(audit).toHaveLength(1);

      // No longer shared: the watcher hears 404; its manager still reads it, archived, and can no longer change it.
      expect((await get(app, watcher, `/api/relative/${child.id}`)).statusCode).toBe(404);
      const archived = await get(app, owner, `/api/relative/${child.id}`);
      expect(archived.statusCode).toBe(200);
      expect(archived.json().data.archivedAt).not.toBeNull();
      const change = await app.inject({ method: 'PUT', url: `/api/relative/${child.id}`, headers: owner.auth, payload: profileBody() });
      expect(change.statusCode).toBe(404);
    });

    it('takes profiles up to a family’s size, and refuses one more with 409 MANAGED_PROFILE_LIMIT naming the limit', async () => {
      const ctx = context();
      const owner = await createPatient(ctx);
      const now = ctx.clock.now();
      expect(MAX_MANAGED_PROFILES).toBe(20);
      await ctx.database.db.insert(profiles).values(
        Array.from({ length: MAX_MANAGED_PROFILES - 1 }, (_, index) => ({
          managerId: owner.userId,
          fullName: `Người thân ${index}`,
          phone: '0912345678',
          callingCode: '+84',
          countryName: 'Việt Nam',
          gender: 'male',
          dateOfBirth: '1980-01-01',
          address: 'Hà Nội',
          createdAt: now,
          updatedAt: now,
        })),
      );
      const last = await send(ctx.app, 'POST', `/api/relative/${owner.userId}`, owner.auth, profileBody());
      expect(last.statusCode, last.body).toBe(201);
      const response = await send(ctx.app, 'POST', `/api/relative/${owner.userId}`, owner.auth, profileBody());
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'MANAGED_PROFILE_LIMIT',
        message: 'Mỗi tài khoản quản lý được tối đa 20 hồ sơ người thân. Vui lòng xóa hồ sơ không còn dùng trước khi thêm hồ sơ mới.',
      });
      const english = await send(
        ctx.app,
        'POST',
        `/api/relative/${owner.userId}`,
        { ...owner.auth, 'accept-language': 'en' },
        profileBody(),
      );
      expect(english.json().message).toBe(
        'One account can manage at most 20 relative profiles. Please delete a profile you no longer use before adding a new one.',
      );
    });

    it('answers 400, never 5xx, for a NUL, an emoji or a 10,000-character name and an impossible birthday', async () => {
      const { app } = context();
      const owner = await createPatient(context());
      const child = await createProfile(app, owner);
      const bad = [
        { fullName: 'An\u0000' },
        { fullName: 'An 😀' },
        { fullName: 'A'.repeat(10_000) },
        { address: 'x'.repeat(10_000) },
        { address: 'Hà Nội\u0000' },
        { dateOfBirth: '0000-01-01' },
        { dateOfBirth: '9999-12-31' },
        { dateOfBirth: '2026-11-23' },
        { dateOfBirth: '2026-02-30' },
        { phone: '12' },
        { gender: 'robot' },
      ];
      for (const overrides of bad) {
        const created = await send(app, 'POST', `/api/relative/${owner.userId}`, owner.auth, profileBody(overrides));
        expect(created.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(400);
        const updated = await send(app, 'PUT', `/api/relative/${child.id}`, owner.auth, profileBody(overrides));
        expect(updated.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      }
      const future = await send(
        app,
        'POST',
        `/api/relative/${owner.userId}`,
        { ...owner.auth, 'accept-language': 'en' },
        profileBody({ dateOfBirth: '9999-12-31' }),
      );
      expect(future.json().details).toEqual([
        { field: 'body.dateOfBirth', code: 'custom', message: 'The date of birth cannot be later than today.' },
      ]);
      // Born today is fine.
      await createProfile(app, owner, { dateOfBirth: '2026-11-22' });
    });
  });

  describe('GET /api/relative/:id — a person as far as I may see them', () => {
    it('shows me myself, a manager its profile, a watcher with "health info" the information, one without only the sections', async () => {
      const ctx = context();
      const { app } = ctx;
      const owner = await createPatient(ctx, { fullName: 'Lê Thị Mai' });
      const [withInfo, withoutInfo, stranger] = await createPatients(ctx, 3);
      const child = await createProfile(app, owner);

      const me = await get(app, owner, `/api/relative/${owner.userId}`);
      expect(me.statusCode).toBe(200);
      expect(me.json().data).toEqual({
        id: owner.userId,
        fullName: 'Lê Thị Mai',
        relation: 'self',
        hasAccount: true,
        sections: [...SHARE_SECTIONS],
        info: {
          fullName: 'Lê Thị Mai',
          phone: owner.phone,
          callingCodes: '+84',
          nameCountry: 'Việt Nam',
          gender: 'female',
          dateOfBirth: '1990-05-20',
          email: owner.email,
          address: '45 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
        },
        archivedAt: null,
      });

      const managed = await get(app, owner, `/api/relative/${child.id}`);
      expect(managed.json().data).toMatchObject({ id: child.id, relation: 'manager', hasAccount: false, fullName: 'Nguyễn Minh An' });
      expect(managed.json().data.info.dateOfBirth).toBe('2018-03-10');

      await share(ctx, owner.userId, withInfo.userId, ['health_info', 'vaccines']);
      await share(ctx, owner.userId, withoutInfo.userId, ['vaccines']);

      const seen = await get(app, withInfo, `/api/relative/${owner.userId}`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().data).toMatchObject({ relation: 'watcher', sections: ['health_info', 'vaccines'], hasAccount: true });
      expect(seen.json().data.info.fullName).toBe('Lê Thị Mai');

      const notShared = await get(app, withoutInfo, `/api/relative/${owner.userId}`);
      expect(notShared.statusCode).toBe(200);
      expect(notShared.json().data).toMatchObject({ relation: 'watcher', sections: ['vaccines'], info: null, fullName: 'Lê Thị Mai' });

      expect((await get(app, stranger, `/api/relative/${owner.userId}`)).statusCode).toBe(404);
    });

    it('answers 404 on the next request once the grant ended', async () => {
      const ctx = context();
      const { app } = ctx;
      const [owner, watcher] = await createPatients(ctx, 2);
      const child = await createProfile(app, owner);
      const shareId = await share(ctx, child.id, watcher.userId, ['all'], owner.userId);
      const seen = await get(app, watcher, `/api/relative/${child.id}`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().data).toMatchObject({ relation: 'watcher', sections: [...SHARE_SECTIONS], hasAccount: false });
      expect(seen.json().data.info.fullName).toBe('Nguyễn Minh An');
      await endShare(ctx.database.db, shareId, owner.userId, ctx.clock.now());
      expect((await get(app, watcher, `/api/relative/${child.id}`)).statusCode).toBe(404);
      expect((await get(app, watcher, `/api/privilege-relative/privileges/${child.id}/${watcher.userId}`)).statusCode).toBe(404);
    });
  });

  describe('groups of followed people', () => {
    it('creates, renames, adds the people I follow or manage, refuses strangers, deletes only when empty', async () => {
      const ctx = context();
      const { app } = ctx;
      const me = await createPatient(ctx);
      const followed = await createPatient(ctx, { fullName: 'Võ Văn Bảo' });
      const stranger = await createPatient(ctx);
      const child = await createProfile(app, me, { fullName: 'Đỗ Thị Ánh' });
      await share(ctx, followed.userId, me.userId, ['vaccines']);

      const types = await get(app, me, '/api/group-types');
      expect(types.json().data).toEqual(['family', 'patients', 'friends', 'colleagues', 'other']);

      const created = await send(app, 'POST', `/api/groups/${me.userId}`, me.auth, { name: '  Gia đình  ', type: 'family' });
      expect(created.statusCode).toBe(201);
      expect(created.json().data).toMatchObject({ name: 'Gia đình', type: 'family', memberCount: 0, members: [] });
      const id = created.json().data.id as string;

      const renamed = await send(app, 'PUT', `/api/group/${id}`, me.auth, { name: 'Nhà mình', type: 'other' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().data).toMatchObject({ id, name: 'Nhà mình', type: 'other' });

      const add = (personId: string, caller: Caller = me) =>
        app.inject({ method: 'PUT', url: `/api/group/${id}/members/${personId}`, headers: caller.auth });
      expect((await add(followed.userId)).statusCode).toBe(200);
      const twice = await add(followed.userId);
      expect(twice.json().data.memberCount).toBe(1);
      const both = await add(child.id);
      expect(both.statusCode).toBe(200);
      expect(both.json().data).toMatchObject({
        memberCount: 2,
        members: [
          { id: child.id, fullName: 'Đỗ Thị Ánh' },
          { id: followed.userId, fullName: 'Võ Văn Bảo' },
        ],
      });
      expect((await add(stranger.userId)).statusCode).toBe(404);
      expect((await add(me.userId)).statusCode).toBe(404);
      expect((await add(randomUUID())).statusCode).toBe(404);

      const list = await get(app, me, `/api/groups/${me.userId}`);
      expect(list.json().data).toEqual([both.json().data]);

      const refused = await app.inject({ method: 'DELETE', url: `/api/group/${id}`, headers: me.auth });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('GROUP_NOT_EMPTY');

      const removed = await app.inject({ method: 'DELETE', url: `/api/group/${id}/members/${child.id}`, headers: me.auth });
      expect(removed.json().data.memberCount).toBe(1);
      await app.inject({ method: 'DELETE', url: `/api/group/${id}/members/${followed.userId}`, headers: me.auth });
      const deleted = await app.inject({ method: 'DELETE', url: `/api/group/${id}`, headers: me.auth });
      expect(deleted.statusCode).toBe(200);
      expect((await get(app, me, `/api/groups/${me.userId}`)).json().data).toEqual([]);
    });

    it('no longer counts a person whose grant ended', async () => {
      const ctx = context();
      const { app } = ctx;
      const [me, followed] = await createPatients(ctx, 2);
      const shareId = await share(ctx, followed.userId, me.userId, ['history']);
      const created = await send(app, 'POST', `/api/groups/${me.userId}`, me.auth, { name: 'Bạn bè', type: 'friends' });
      const id = created.json().data.id as string;
      await app.inject({ method: 'PUT', url: `/api/group/${id}/members/${followed.userId}`, headers: me.auth });
      await endShare(ctx.database.db, shareId, followed.userId, ctx.clock.now());
      expect((await get(app, me, `/api/groups/${me.userId}`)).json().data[0]).toMatchObject({ memberCount: 0, members: [] });
      expect((await app.inject({ method: 'DELETE', url: `/api/group/${id}`, headers: me.auth })).statusCode).toBe(200);
    });

    it('answers 404 for another person’s group or list, 400 for a bad name or type, 409 GROUP_LIMIT past the limit', async () => {
      const ctx = context();
      const { app } = ctx;
      const [me, other] = await createPatients(ctx, 2);
      const child = await createProfile(app, other);
      const created = await send(app, 'POST', `/api/groups/${other.userId}`, other.auth, { name: 'Nhóm', type: 'patients' });
      const id = created.json().data.id as string;

      expect((await get(app, me, `/api/groups/${other.userId}`)).statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'POST', url: `/api/groups/${other.userId}`, headers: me.auth, payload: { name: 'X', type: 'other' } }))
          .statusCode,
      ).toBe(404);
      expect(
        (await app.inject({ method: 'PUT', url: `/api/group/${id}`, headers: me.auth, payload: { name: 'X', type: 'other' } })).statusCode,
      ).toBe(404);
      expect((await app.inject({ method: 'DELETE', url: `/api/group/${id}`, headers: me.auth })).statusCode).toBe(404);
      expect((await app.inject({ method: 'PUT', url: `/api/group/${id}/members/${child.id}`, headers: me.auth })).statusCode).toBe(404);
      expect((await app.inject({ method: 'DELETE', url: `/api/group/${id}/members/${child.id}`, headers: me.auth })).statusCode).toBe(404);
      expect((await app.inject({ method: 'DELETE', url: `/api/group/${randomUUID()}`, headers: me.auth })).statusCode).toBe(404);
      expect((await get(app, null, `/api/groups/${me.userId}`)).statusCode).toBe(401);

      for (const payload of [
        { name: '', type: 'family' },
        { name: '   ', type: 'family' },
        { name: 'Nhóm\u0000', type: 'family' },
        { name: 'x'.repeat(10_000), type: 'family' },
        { name: 'Nhóm', type: 'enemies' },
        { name: 'Nhóm' },
        { name: 'Nhóm', type: 'family', extra: 1 },
      ]) {
        const response = await app.inject({ method: 'POST', url: `/api/groups/${me.userId}`, headers: me.auth, payload });
        expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      }

      for (let index = 0; index < 50; index += 1) {
        const made = await send(app, 'POST', `/api/groups/${me.userId}`, me.auth, { name: `Nhóm ${index}`, type: 'other' });
        expect(made.statusCode).toBe(201);
      }
      const over = await send(app, 'POST', `/api/groups/${me.userId}`, me.auth, { name: 'Một nhóm nữa', type: 'other' });
      expect(over.statusCode).toBe(409);
      expect(over.json().code).toBe('GROUP_LIMIT');
    });
  });

  describe('GET /api/privilege-relative/privileges/:infoId/:userId', () => {
    it('answers my relation and sections for myself, my profile, a person who shares with me; 404 otherwise', async () => {
      const ctx = context();
      const { app } = ctx;
      const [owner, watcher, stranger] = await createPatients(ctx, 3);
      const child = await createProfile(app, owner);
      await share(ctx, owner.userId, watcher.userId, ['prescriptions', 'exam_info']);
      const url = (infoId: string, userId: string) => `/api/privilege-relative/privileges/${infoId}/${userId}`;

      expect((await get(app, owner, url(owner.userId, owner.userId))).json().data).toEqual({
        relation: 'self',
        sections: [...SHARE_SECTIONS],
      });
      expect((await get(app, owner, url(child.id, owner.userId))).json().data).toEqual({
        relation: 'manager',
        sections: [...SHARE_SECTIONS],
      });
      expect((await get(app, watcher, url(owner.userId, watcher.userId))).json().data).toEqual({
        relation: 'watcher',
        sections: ['exam_info', 'prescriptions'],
      });
      expect((await get(app, stranger, url(owner.userId, stranger.userId))).statusCode).toBe(404);
      expect((await get(app, watcher, url(child.id, watcher.userId))).statusCode).toBe(404);
      // Asking on someone else's behalf.
      expect((await get(app, stranger, url(owner.userId, watcher.userId))).statusCode).toBe(404);
      expect((await get(app, null, url(owner.userId, owner.userId))).statusCode).toBe(401);
    });
  });

  describe('GET /api/vaccine-privilege-relative', () => {
    it('lists me first, then my profiles and the people who share "vaccines" with me, by name', async () => {
      const ctx = context();
      const { app } = ctx;
      const me = await createPatient(ctx, { fullName: 'Hoàng Văn Tú' });
      const vaccines = await createPatient(ctx, { fullName: 'Bùi Thị Hạnh', dateOfBirth: '1985-02-02' });
      const everything = await createPatient(ctx, { fullName: 'Cao Văn Khải', dateOfBirth: '1970-03-03' });
      const history = await createPatient(ctx, { fullName: 'An Thị Bình' });
      const child = await createProfile(app, me, { fullName: 'Hoàng Minh Đức', dateOfBirth: '2020-06-01' });
      await share(ctx, vaccines.userId, me.userId, ['vaccines']);
      await share(ctx, everything.userId, me.userId, ['all']);
      await share(ctx, history.userId, me.userId, ['history']);

      const response = await get(app, me, '/api/vaccine-privilege-relative');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([
        { id: me.userId, fullName: 'Hoàng Văn Tú', dateOfBirth: '1990-05-20', relation: 'self' },
        { id: vaccines.userId, fullName: 'Bùi Thị Hạnh', dateOfBirth: '1985-02-02', relation: 'watcher' },
        { id: everything.userId, fullName: 'Cao Văn Khải', dateOfBirth: '1970-03-03', relation: 'watcher' },
        { id: child.id, fullName: 'Hoàng Minh Đức', dateOfBirth: '2020-06-01', relation: 'manager' },
      ]);
      // The two who share "vaccines" see that read in their access log; the one who shares only "history" was not read.
      const seen = await get(app, vaccines, `/api/access-log/${vaccines.userId}`);
      expect(seen.json().data.items).toEqual([
        { at: expect.any(String), reader: { id: me.userId, fullName: 'Hoàng Văn Tú' }, section: 'vaccines', action: 'read' },
      ]);
      expect((await get(app, everything, `/api/access-log/${everything.userId}`)).json().data.total).toBe(1);
      expect((await get(app, history, `/api/access-log/${history.userId}`)).json().data.total).toBe(0);
    });
  });

  describe('GET /api/access-log/:id', () => {
    it('lists a watcher’s reads with the section, not the holder’s own; only the holder may look', async () => {
      const ctx = context();
      const { app } = ctx;
      const owner = await createPatient(ctx);
      const watcher = await createPatient(ctx, { fullName: 'Đinh Văn Quang' });
      const child = await createProfile(app, owner);
      await share(ctx, owner.userId, watcher.userId, ['health_info']);
      await share(ctx, child.id, watcher.userId, ['health_info'], owner.userId);

      await get(app, owner, `/api/relative/${owner.userId}`);
      await get(app, watcher, `/api/relative/${owner.userId}`);
      ctx.clock.advance(60_000);
      await get(app, watcher, `/api/relative/${owner.userId}`);
      await get(app, watcher, `/api/relative/${child.id}`);

      const log = await get(app, owner, `/api/access-log/${owner.userId}?size=1`);
      expect(log.statusCode).toBe(200);
      expect(log.json().data).toEqual({
        items: [
          {
            at: ctx.clock.now().toISOString(),
            reader: { id: watcher.userId, fullName: 'Đinh Văn Quang' },
            section: 'health_info',
            action: 'read',
          },
        ],
        total: 2,
        page: 0,
        size: 1,
      });
      const childLog = await get(app, owner, `/api/access-log/${child.id}`);
      expect(childLog.json().data.total).toBe(1);

      expect((await get(app, watcher, `/api/access-log/${owner.userId}`)).statusCode).toBe(404);
      expect((await get(app, watcher, `/api/access-log/${child.id}`)).statusCode).toBe(404);
      expect((await get(app, null, `/api/access-log/${owner.userId}`)).statusCode).toBe(401);
      // The watcher's own log has no one in it (the holder's reads are not logged).
      expect((await get(app, watcher, `/api/access-log/${watcher.userId}`)).json().data).toEqual({
        items: [],
        total: 0,
        page: 0,
        size: 10,
      });
    });
  });

  describe('GET /api/dashboard/:userId', () => {
    it('counts the pending invitations addressed to me, by account or by my phone', async () => {
      const ctx = context();
      const { app, database } = ctx;
      const [me, sender, someoneElse] = await createPatients(ctx, 3);
      const now = ctx.clock.now();
      const base = {
        kind: 'invite',
        senderId: sender.userId,
        profileId: sender.userId,
        sections: ['vaccines'],
        language: 'vi',
        createdAt: now,
      };
      await database.db.insert(invitations).values([
        { ...base, addresseeId: me.userId, addresseeCallingCode: '+84', addresseePhone: me.phone },
        { ...base, kind: 'request', addresseeId: null, addresseeCallingCode: '+84', addresseePhone: me.phone },
        { ...base, addresseeId: me.userId, addresseeCallingCode: '+84', addresseePhone: '0399999999', status: 'denied', answeredAt: now },
        { ...base, addresseeId: someoneElse.userId, addresseeCallingCode: '+84', addresseePhone: someoneElse.phone },
        { ...base, kind: 'request', addresseeId: null, addresseeCallingCode: '+1', addresseePhone: me.phone },
      ]);
      const response = await get(app, me, `/api/dashboard/${me.userId}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ countInvites: 2 });
      expect((await get(app, sender, `/api/dashboard/${sender.userId}`)).json().data).toEqual({ countInvites: 0 });
      expect((await get(app, sender, `/api/dashboard/${me.userId}`)).statusCode).toBe(404);
    });
  });
});
