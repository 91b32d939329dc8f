import type { Follows, ManagedProfile, VaccinationRecord, VaccineHistoryEntry, VaccineStatusView } from '@rhc/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { fail, mockApi, ok } from '../../../test/api-mock.ts';
import { logInAs, patient } from '../../../test/auth.ts';
import { child as baseChild, childId } from '../../../test/profiles.ts';
import { expectNoSeriousAxeViolations } from '../../../test/axe.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { openPage, requestsTo, signedInReplies, useFixedClock } from '../../../test/page-harness.ts';
import { renderApp } from '../../../test/render-app.tsx';

const ownerId = '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a';
const strangerId = '6f7a8b9c-0d1e-4f2a-8b3c-5d6e7f8a9b0c';
const stamp = { createdAt: '2026-11-20T01:00:00.000Z', updatedAt: '2026-11-20T01:00:00.000Z' };

const child: ManagedProfile = { ...baseChild, info: { ...baseChild.info, dateOfBirth: '2026-08-24' } };

const birthDose: VaccineHistoryEntry = {
  ...stamp,
  id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  infoId: childId,
  vaccineId: 'hepatitis_b',
  givenOn: '2026-08-24',
  place: 'Bệnh viện Từ Dũ',
  note: 'Trong 24 giờ đầu',
  orderId: null,
};
const bcgDose: VaccineHistoryEntry = {
  ...birthDose,
  id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  vaccineId: 'bcg',
  givenOn: '2026-09-01',
  place: 'Trạm y tế phường',
  note: '',
};

const dose = (id: string, order: number, ages: string, dueFrom: string | null, dueUntil: string | null, givenOn: string | null = null) => ({
  id,
  order,
  ages,
  dueFrom,
  dueUntil,
  historyId: givenOn ? birthDose.id : null,
  givenOn,
});

const statuses: VaccineStatusView[] = [
  {
    vaccineId: 'hepatitis_b',
    bands: ['INFANT'],
    status: 'full',
    detail: null,
    validDoses: 1,
    requiredDoses: 1,
    recurring: false,
    riskBased: false,
    nextDose: null,
    doses: [dose('hepatitis_b.1', 1, '0M', '2026-08-24', '2026-08-25', '2026-08-24')],
    invalid: [],
  },
  {
    vaccineId: 'dtp_hepb_hib',
    bands: ['INFANT'],
    status: 'none',
    detail: 'due_now',
    validDoses: 0,
    requiredDoses: 3,
    recurring: false,
    riskBased: false,
    nextDose: dose('dtp_hepb_hib.1', 1, '2M', '2026-10-24', '2026-12-24'),
    doses: [
      dose('dtp_hepb_hib.1', 1, '2M', '2026-10-24', '2026-12-24'),
      dose('dtp_hepb_hib.2', 2, '3M', '2026-11-24', null),
      dose('dtp_hepb_hib.3', 3, '4M', '2026-12-24', null),
    ],
    invalid: [],
  },
  {
    vaccineId: 'bcg',
    bands: ['INFANT'],
    status: 'partial',
    detail: 'overdue',
    validDoses: 0,
    requiredDoses: 1,
    recurring: false,
    riskBased: false,
    nextDose: dose('bcg.1', 1, '0M-1M', '2026-08-24', '2026-09-24'),
    doses: [dose('bcg.1', 1, '0M-1M', '2026-08-24', '2026-09-24')],
    invalid: [{ historyId: bcgDose.id, reason: 'too_young' }],
  },
  {
    vaccineId: 'td',
    bands: ['CHILD'],
    status: 'outside_age_range',
    detail: 'not_yet_due',
    validDoses: 0,
    requiredDoses: 1,
    recurring: false,
    riskBased: false,
    nextDose: null,
    doses: [dose('td.1', 1, '7Y', '2033-08-24', null)],
    invalid: [],
  },
];

const childRecord: VaccinationRecord = {
  infoId: childId,
  schedule: { id: 'VN-TT10-2024', publishedOn: '2024-06-13', source: 'https://vbpl.vn/TW/Pages/vbpq-toanvan.aspx?ItemID=169843' },
  dateOfBirth: '2026-08-24',
  today: '2026-11-24',
  statuses,
  history: [birthDose, bcgDose],
  reminders: true,
  canManage: true,
};
const cdcRecord: VaccinationRecord = {
  ...childRecord,
  schedule: {
    id: 'CDC-2025',
    publishedOn: '2025-01-01',
    source: 'https://www.cdc.gov/vaccines/hcp/imz-schedules/child-adolescent-age.html',
  },
  statuses: [{ ...statuses[0], status: 'partial', detail: 'on_schedule', requiredDoses: 3 } as VaccineStatusView],
};
const myRecord: VaccinationRecord = {
  ...childRecord,
  infoId: patient.userId,
  dateOfBirth: null,
  statuses: [],
  history: [{ ...birthDose, infoId: patient.userId }],
};

const sharesWithMe = (sections: Follows['following'][number]['sections']): Follows => ({
  followers: [],
  following: [
    {
      id: '5e6f7a8b-9c0d-4e1f-8a2b-4c5d6e7f8a9b',
      person: { id: ownerId, fullName: 'Trần Thị Hoa', hasAccount: true },
      watcher: { id: patient.userId, fullName: patient.fullName },
      sections,
      childAssent: false,
      grantedAt: '2026-11-01T01:00:00.000Z',
      changedAt: '2026-11-01T01:00:00.000Z',
    },
  ],
});

const childPath = `/api/vaccines/${childId}`;
const server = {
  ...signedInReplies(patient, { relatives: [child], follows: sharesWithMe(['health_info']) }),
  [`/api/vaccines/${patient.userId}`]: ok(myRecord),
  [childPath]: ({ url }: { url: URL }) => ok(url.searchParams.get('schedule') === 'CDC-2025' ? cdcRecord : childRecord),
};

describe('vaccines page (issue 50)', { timeout: 90_000 }, () => {
  useFixedClock();

  it('shows each vaccine’s status in words with its detail and next dose, and the chart by age band, with no serious axe violation', async () => {
    const { fetchMock } = openPage(`/vaccines/?person=${childId}`, server);

    expect(await screen.findByRole('heading', { name: 'Tiêm chủng', level: 1 })).toBeVisible();
    const cards = await screen.findAllByTestId('vaccine-card');
    expect(cards).toHaveLength(4);
    const card = (index: number) => within(cards[index] as HTMLElement);
    expect(card(0).getByTestId('vaccine-status')).toHaveTextContent('Đã tiêm đủ');
    expect(card(0).getByTestId('vaccine-status')).toHaveAttribute('data-status', 'full');
    expect(card(1).getByTestId('vaccine-status')).toHaveTextContent('Chưa tiêm');
    expect(card(1).getByTestId('vaccine-detail')).toHaveTextContent('Đến lịch tiêm');
    expect(card(1).getByText('Số mũi: 0/3')).toBeInTheDocument();
    expect(card(1).getByTestId('next-dose')).toHaveTextContent(
      'Tiếp theo: mũi 1 (lúc 2 tháng tuổi)tiêm từ 24 tháng 10 2026 đến 24 tháng 12 2026',
    );
    expect(card(2).getByTestId('vaccine-status')).toHaveTextContent('Tiêm chưa đủ (thiếu mũi)');
    expect(card(2).getByTestId('vaccine-detail')).toHaveTextContent('Đã quá hạn');
    expect(card(3).getByTestId('vaccine-status')).toHaveTextContent('Ngoài độ tuổi tiêm');
    expect(card(3).getByTestId('vaccine-detail')).toHaveTextContent('Chưa đến lịch');
    // The next dose is booked from its card, the registration preselected for the child; none outside the age range.
    expect(
      card(1).getByRole('link', { name: 'Đăng ký tiêm 5 trong 1 (bạch hầu, ho gà, uốn ván, viêm gan B, Hib), mũi 1' }),
    ).toHaveAttribute('href', `/vaccine-registration/?schedule=VN-TT10-2024&vaccine=dtp_hepb_hib&dose=dtp_hepb_hib.1&person=${childId}`);
    expect(card(0).queryByRole('link', { name: /^Đăng ký tiêm/ })).toBeNull();
    expect(card(3).queryByRole('link', { name: /^Đăng ký tiêm/ })).toBeNull();

    // The schedule, its date and source; Vietnam's EPI by default, asked for by name.
    expect(screen.getByRole('radio', { name: 'Tiêm chủng mở rộng (Thông tư 10/2024)' })).toBeChecked();
    expect(screen.getByText(/Ban hành 13 tháng 6 2024/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET', childPath)[0]?.query).toBe('?schedule=VN-TT10-2024');

    // The chart opens on the child's band: the doses, the one given ticked with its date.
    const chart = screen.getByRole('tabpanel');
    expect(screen.getByRole('tab', { name: /0–6 tuổi/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(chart).getAllByTestId('chart-row')).toHaveLength(3);
    expect(within(chart).getByText('Mũi 1: sơ sinh, đã tiêm 24 tháng 8 2026')).toBeInTheDocument();
    expect(within(chart).getByText('Mũi 3: lúc 4 tháng tuổi')).toBeInTheDocument();

    // The history, newest first, a dose that does not count said so.
    const rows = screen.getAllByTestId('history-entry');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('01-09-2026')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Không được tính: tiêm trước độ tuổi tối thiểu')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Nhắc tôi khi đến lịch tiêm' })).toBeChecked();
    await expectNoSeriousAxeViolations();
  });

  it('reads the record again against CDC 2025 when the schedule is switched, shown as a dated international reference', async () => {
    const { fetchMock, user, history } = openPage(`/vaccines/?person=${childId}`, server);

    await screen.findAllByTestId('vaccine-card');
    await user.click(screen.getByRole('radio', { name: 'CDC 2025 (tham khảo quốc tế)' }));

    await waitFor(() => expect(screen.getAllByTestId('vaccine-card')).toHaveLength(1));
    expect(screen.getByTestId('vaccine-status')).toHaveTextContent('Tiêm chưa đủ (thiếu mũi)');
    expect(screen.getByText(/Ban hành 1 tháng 1 2025/)).toBeInTheDocument();
    expect(screen.getByText(/Lịch của CDC \(Hoa Kỳ\) như công bố cho năm 2025/)).toBeVisible();
    expect(requestsTo(fetchMock, 'GET', childPath).map((call) => call.query)).toEqual(['?schedule=VN-TT10-2024', '?schedule=CDC-2025']);
    expect(history.location.search).toContain('schedule=CDC-2025');
  });

  it('adds a dose from a vaccine’s card: the history modal preset to it, validated, then sent', async () => {
    const created = { ...birthDose, id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f', vaccineId: 'dtp_hepb_hib', givenOn: '2026-11-20' };
    const { fetchMock, user } = openPage(`/vaccines/?person=${childId}`, {
      ...server,
      [`/api/vaccine-history/${childId}`]: ok(created, 201),
    });

    await screen.findAllByTestId('vaccine-card');
    await user.click(screen.getByRole('button', { name: 'Các mũi tiêm 5 trong 1 (bạch hầu, ho gà, uốn ván, viêm gan B, Hib)' }));
    const dialog = await findDialog('Các mũi tiêm 5 trong 1 (bạch hầu, ho gà, uốn ván, viêm gan B, Hib)');
    expect(within(dialog).getByText('Chưa có mũi nào của vắc xin này được ghi lại.')).toBeVisible();
    expect(within(dialog).getByLabelText(fieldLabel('Vắc xin'))).toHaveValue('5 trong 1 (bạch hầu, ho gà, uốn ván, viêm gan B, Hib)');

    // Nothing typed: the date is asked for, in the person's language, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Thêm mũi tiêm' }));
    const day = within(dialog).getByLabelText(fieldLabel('Ngày tiêm'));
    await waitFor(() => expect(day).toHaveAttribute('aria-invalid', 'true'));
    expect(day).toHaveAccessibleDescription('Vui lòng nhập thông tin này.');
    // A day before the birth is refused too, as the field is left.
    await user.type(day, '01/08/2026');
    await user.tab();
    await waitFor(() => expect(day).toHaveAccessibleDescription('Ngày này trước 24/08/2026: vui lòng chọn từ 24/08/2026 trở đi.'));
    expect(requestsTo(fetchMock, 'POST', `/api/vaccine-history/${childId}`)).toHaveLength(0);

    await user.clear(day);
    await user.type(day, '20/11/2026');
    await user.type(within(dialog).getByLabelText('Nơi tiêm'), 'Trạm y tế phường Bến Nghé');
    await expectNoSeriousAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Thêm mũi tiêm' }));

    expect(await screen.findByText('Đã thêm mũi tiêm.')).toBeVisible();
    expect(requestsTo(fetchMock, 'POST', `/api/vaccine-history/${childId}`).map((call) => call.body)).toEqual([
      { vaccineId: 'dtp_hepb_hib', givenOn: '2026-11-20', place: 'Trạm y tế phường Bến Nghé', note: '' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Các mũi tiêm 5 trong 1 (bạch hầu, ho gà, uốn ván, viêm gan B, Hib)' })).toBeNull(),
    );
    // The record is read again.
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', childPath).length).toBeGreaterThan(1));
  });

  it('modifies a dose with its values loaded, and shows the server’s field error on its field', async () => {
    const { fetchMock, user } = openPage(`/vaccines/?person=${childId}`, {
      ...server,
      [`/api/vaccine-history/${childId}/${birthDose.id}`]: fail(400, 'VALIDATION', 'Dữ liệu không hợp lệ.', [
        { field: 'body.givenOn', code: 'invalid', message: 'Ngày tiêm không hợp lệ với ngày sinh.' },
      ]),
    });

    await user.click(await screen.findByRole('button', { name: 'Sửa mũi Viêm gan B tiêm ngày 24-08-2026' }));
    const dialog = await findDialog('Các mũi tiêm Viêm gan B');
    expect(within(dialog).getByRole('heading', { name: 'Sửa mũi tiêm ngày 24-08-2026' })).toBeVisible();
    expect(within(dialog).getByLabelText(fieldLabel('Ngày tiêm'))).toHaveValue('24/08/2026');
    const note = within(dialog).getByLabelText('Ghi chú');
    expect(note).toHaveValue('Trong 24 giờ đầu');
    await user.clear(note);
    await user.type(note, 'Đã đổi');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    const day = within(dialog).getByLabelText(fieldLabel('Ngày tiêm'));
    await waitFor(() => expect(day).toHaveAccessibleDescription('Ngày tiêm không hợp lệ với ngày sinh.'));
    expect(requestsTo(fetchMock, 'PUT', `/api/vaccine-history/${childId}/${birthDose.id}`).map((call) => call.body)).toEqual([
      { vaccineId: 'hepatitis_b', givenOn: '2026-08-24', place: 'Bệnh viện Từ Dũ', note: 'Đã đổi' },
    ]);

    // "Cancel the change" puts the form back to adding.
    await user.click(within(dialog).getByRole('button', { name: 'Hủy thay đổi' }));
    expect(within(dialog).getByRole('heading', { name: 'Thêm mũi đã tiêm ở nơi khác' })).toBeVisible();
    expect(within(dialog).getByLabelText(fieldLabel('Ngày tiêm'))).toHaveValue('');

    // Closing drops the dose being modified and what was typed: opened again, the modal starts afresh.
    await user.click(within(dialog).getByRole('button', { name: 'Sửa mũi Viêm gan B tiêm ngày 24-08-2026' }));
    await user.type(within(dialog).getByLabelText('Nơi tiêm'), ' (cũ)');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Các mũi tiêm Viêm gan B' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Các mũi tiêm Viêm gan B' }));
    const again = await findDialog('Các mũi tiêm Viêm gan B');
    expect(within(again).getByRole('heading', { name: 'Thêm mũi đã tiêm ở nơi khác' })).toBeVisible();
    expect(within(again).getByLabelText('Nơi tiêm')).toHaveValue('');
  });

  it('deletes a dose only after the confirmation', async () => {
    const removePath = `/api/vaccine-history/${childId}/${bcgDose.id}`;
    const { fetchMock, user } = openPage(`/vaccines/?person=${childId}`, { ...server, [removePath]: ok({ id: bcgDose.id }) });

    await user.click(await screen.findByRole('button', { name: 'Xóa mũi Lao (BCG) tiêm ngày 01-09-2026' }));
    const confirm = await findDialog('Xóa mũi tiêm này?');
    expect(within(confirm).getByText(/Bạn có chắc chắn muốn xóa mũi tiêm này khỏi lịch sử/)).toBeVisible();
    expect(requestsTo(fetchMock, 'DELETE', removePath)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Xóa mũi tiêm này?' })).toBeNull());
    expect(requestsTo(fetchMock, 'DELETE', removePath)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Xóa mũi Lao (BCG) tiêm ngày 01-09-2026' }));
    await user.click(within(await findDialog('Xóa mũi tiêm này?')).getByRole('button', { name: 'Xóa' }));
    expect(await screen.findByText('Đã xóa mũi tiêm.')).toBeVisible();
    expect(requestsTo(fetchMock, 'DELETE', removePath)).toHaveLength(1);
  });

  it('shows someone who shares vaccines with me read only: statuses and history, no add, edit, delete or reminders', async () => {
    const { user } = openPage(`/vaccines/?person=${ownerId}`, {
      ...server,
      [`/api/follows/${patient.userId}`]: ok(sharesWithMe(['vaccines'])),
      [`/api/vaccines/${ownerId}`]: ok({ ...childRecord, infoId: ownerId, canManage: false }),
    });

    expect(await screen.findByText('Trần Thị Hoa chia sẻ thông tin tiêm chủng với bạn: bạn chỉ xem, không thay đổi được.')).toBeVisible();
    expect(screen.getAllByTestId('vaccine-card')).toHaveLength(4);
    expect(screen.getAllByTestId('history-entry')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Thêm mũi tiêm' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Sửa mũi/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Xóa mũi/ })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('link', { name: /^Đăng ký tiêm/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Các mũi tiêm Viêm gan B' }));
    const dialog = await findDialog('Các mũi tiêm Viêm gan B');
    expect(within(dialog).getAllByTestId('dialog-dose')).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: /^Sửa mũi|^Thêm mũi/ })).toBeNull();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
  });

  it('says a person I follow has not shared their vaccinations, with a link to request access', async () => {
    openPage(`/vaccines/?person=${ownerId}`, { ...server, [`/api/vaccines/${ownerId}`]: fail(404, 'NOT_FOUND', 'Không tìm thấy.') });

    const notice = await screen.findByTestId('no-access');
    expect(within(notice).getByText('Người này chưa chia sẻ thông tin tiêm chủng với bạn.')).toBeVisible();
    expect(within(notice).getByRole('link', { name: 'Yêu cầu quyền xem' })).toHaveAttribute('href', `/patientinformation/?id=${ownerId}`);
    // The person is in the picker (they share other things with me).
    expect(screen.getByRole('option', { name: 'Trần Thị Hoa' })).toBeInTheDocument();
    expect(screen.queryByTestId('vaccine-card')).toBeNull();
    await expectNoSeriousAxeViolations();
  });

  it('shows the same notice for a person the URL names whom I do not know', async () => {
    openPage(`/vaccines/?person=${strangerId}`, server);

    expect(await screen.findByTestId('no-access')).toBeVisible();
  });

  it('says when the date of birth is unknown: no status, the history still shown', async () => {
    openPage('/vaccines/', server);

    const notice = await screen.findByTestId('no-dob');
    expect(within(notice).getByText('Chưa có ngày sinh')).toBeVisible();
    expect(screen.queryByTestId('vaccine-card')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getAllByTestId('history-entry')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Thông tin các loại vắc xin' })).toBeVisible();
  });

  it('turns the reminders off', async () => {
    const remindersPath = `/api/vaccine-reminders/${childId}`;
    const { fetchMock, user } = openPage(`/vaccines/?person=${childId}`, {
      ...server,
      [remindersPath]: ok({ ...childRecord, reminders: false }),
    });

    await user.click(await screen.findByRole('switch', { name: 'Nhắc tôi khi đến lịch tiêm' }));
    expect(await screen.findByText('Đã tắt lời nhắc.')).toBeVisible();
    expect(requestsTo(fetchMock, 'PUT', remindersPath).map((call) => call.body)).toEqual([{ enabled: false }]);
  });

  it('opens a vaccine’s fact sheet', async () => {
    const { user } = openPage(`/vaccines/?person=${childId}`, server);

    await user.click(await screen.findByRole('button', { name: 'Thông tin vắc xin: Lao (BCG)' }));
    const dialog = await findDialog('Lao (BCG)');
    expect(within(dialog).getByRole('heading', { name: 'Phòng bệnh gì' })).toBeVisible();
    expect(within(dialog).getByText('Bảo vệ trẻ nhỏ khỏi các thể lao nặng như lao màng não.')).toBeVisible();
    expect(within(dialog).getByText(/^Nguồn: /)).toBeVisible();
    await expectNoSeriousAxeViolations(dialog);
  });

  it('asks a visitor to sign in, and shows the fact sheets', async () => {
    mockApi(server);
    const { user, history } = renderApp('/vaccines/');

    expect(await screen.findByText('Đăng nhập để xem sổ tiêm chủng')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Đậu mùa khỉ (mpox)' })).toBeVisible();
    await expectNoSeriousAxeViolations();
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Đăng nhập' }));
    expect(history.location.pathname).toBe('/login/');
    expect(history.location.state).toEqual({ from: '/vaccines/' });
  });

  it.each([
    ['en', ['Fully vaccinated', 'Not vaccinated', 'Partially vaccinated (missing dose)', 'Outside the age range'], 'Due now'],
    ['zh', ['已全程接种', '未接种', '部分接种（缺剂次）', '不在接种年龄范围内'], '现在该接种'],
  ])('names the statuses in %s', async (language, words, dueNow) => {
    mockApi(server);
    logInAs(patient);
    await act(() => i18n.changeLanguage(language as 'en' | 'zh'));
    try {
      renderApp(`/vaccines/?person=${childId}`);
      await screen.findAllByTestId('vaccine-card');
      expect(screen.getAllByTestId('vaccine-status').map((badge) => badge.textContent)).toEqual(words);
      expect(screen.getAllByTestId('vaccine-detail')[0]).toHaveTextContent(dueNow);
    } finally {
      await act(() => i18n.changeLanguage('vi'));
    }
  });
});
