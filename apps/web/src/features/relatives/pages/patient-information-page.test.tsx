import type { Person } from '@rhc/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/api-mock.ts';
import { patient } from '../../../test/auth.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { bodiesOf, openPage, signedInReplies, useFixedClock } from '../../../test/page-harness.ts';
import { child, follows, hoa, invitationPage, ownerId, watcherId } from './fixtures.ts';

const doctorId = '3c9e5b7a-1d2f-4a6b-8c0d-9e1f2a3b4c5d';
const me: Person = {
  id: patient.userId,
  fullName: patient.fullName,
  relation: 'self',
  hasAccount: true,
  sections: ['health_info', 'exam_info', 'imaging', 'test_results', 'prescriptions', 'vaccines', 'history'],
  info: hoa.info && { ...hoa.info, fullName: patient.fullName, phone: patient.phone },
  archivedAt: null,
};

const server = {
  ...signedInReplies(patient, { relatives: [child], follows: follows }),
  [`/api/relative/${ownerId}`]: ok(hoa),
  [`/api/privilege-relative/privileges/${ownerId}/${patient.userId}`]: ok({ relation: 'watcher', sections: hoa.sections }),
  [`/api/relative/${patient.userId}`]: ok(me),
  [`/api/privilege-relative/privileges/${patient.userId}/${patient.userId}`]: ok({ relation: 'self', sections: me.sections }),
  [`/api/access-log/${patient.userId}`]: ok({
    items: [
      { at: '2026-11-23T02:05:00.000Z', reader: { id: watcherId, fullName: 'Lê Quang Huy' }, section: 'health_info', action: 'read' },
      { at: '2026-11-22T14:30:00.000Z', reader: { id: watcherId, fullName: 'Lê Quang Huy' }, section: 'vaccines', action: 'read' },
      { at: '2026-11-21T03:00:00.000Z', reader: { id: doctorId, fullName: 'Trần Minh Đức' }, section: 'exam_info', action: 'write' },
      { at: '2026-11-20T03:00:00.000Z', reader: { id: doctorId, fullName: 'Trần Minh Đức' }, section: 'exam_info', action: 'mail' },
    ],
    total: 4,
    page: 0,
    size: 10,
  }),
};

describe('patient information page (issue 14)', { timeout: 30_000 }, () => {
  useFixedClock();

  it('shows my own record and who saw it, in Vietnam time', async () => {
    openPage('/patientinformation/', server);

    expect(await screen.findByRole('heading', { name: patient.fullName, level: 2 })).toBeVisible();
    const log = (await screen.findByRole('heading', { name: 'Ai đã xem hoặc ghi vào hồ sơ của tôi' })).closest('div') as HTMLElement;
    const rows = await within(log.parentElement ?? log).findAllByRole('row');
    // 02:05 UTC is 09:05 in Vietnam; 14:30 UTC on the 22nd is 21:30 the same day.
    expect(rows[1]).toHaveTextContent('23-11-2026 09:05Lê Quang HuyĐã xemThông tin sức khỏe');
    expect(rows[2]).toHaveTextContent('22-11-2026 21:30Lê Quang HuyĐã xemTiêm chủng');
    // A doctor's diagnosis or files are a write, not a read.
    expect(rows[3]).toHaveTextContent('21-11-2026 10:00Trần Minh ĐứcĐã ghiThông tin khám bệnh');
    // The result e-mailed by someone else to an address not mine (issue 54).
    expect(rows[4]).toHaveTextContent('20-11-2026 10:00Trần Minh ĐứcĐã gửi qua e-mailThông tin khám bệnh');
  });

  it('shows what a person shares, the no-access notice on the rest, and requests access to more sections', async () => {
    const { fetchMock, user } = openPage(`/patientinformation/?id=${ownerId}`, {
      ...server,
      [`/api/invitations/${patient.userId}`]: ({ init }) =>
        init?.method === 'POST'
          ? ok(
              {
                id: '0d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a',
                kind: 'request',
                status: 'pending',
                direction: 'outgoing',
                person: { id: ownerId, fullName: hoa.fullName },
                counterpart: { fullName: hoa.fullName, phoneMasked: '091****678' },
                sections: ['prescriptions'],
                note: null,
                responseNote: null,
                needsChildAssent: false,
                createdAt: '2026-11-24T03:00:00.000Z',
                answeredAt: null,
              },
              201,
            )
          : ok(invitationPage([])),
    });

    expect(await screen.findByRole('heading', { name: hoa.fullName, level: 2 })).toBeVisible();
    expect(screen.getByText('5 Trần Phú, Đà Nẵng')).toBeVisible();
    expect(screen.getByText('Tiêm chủng').closest('li')).toHaveTextContent('Được xem');
    expect(screen.getByText('Đơn thuốc').closest('li')).toHaveTextContent('Chưa được chia sẻ');
    expect(screen.getByText(`${hoa.fullName} chưa chia sẻ với bạn các phần có biểu tượng khóa ở trên.`)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Ai đã xem hoặc ghi vào hồ sơ của tôi' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Yêu cầu quyền truy cập' }));
    const dialog = await findDialog('Yêu cầu quyền truy cập');
    // Only what is not shared yet is offered, and nothing is ticked.
    expect(within(dialog).queryByRole('checkbox', { name: 'Tiêm chủng' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Đơn thuốc' })).not.toBeChecked();
    // Nothing chosen: the asker is told to choose what they would like to see, not what to share (issue 54 item 16).
    await user.click(within(dialog).getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(within(dialog).getByText('Vui lòng chọn ít nhất một phần thông tin bạn muốn xem.')).toBeVisible();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Đơn thuốc' }));
    await user.click(within(dialog).getByRole('button', { name: 'Gửi yêu cầu' }));

    expect(await screen.findByText('Đã gửi yêu cầu.')).toBeVisible();
    expect(bodiesOf(fetchMock, 'POST', `/api/invitations/${patient.userId}`)).toEqual([
      { kind: 'request', personId: ownerId, sections: ['prescriptions'], childAssent: false },
    ]);
  });

  it('shows the no-access notice when the information is not shared or access was revoked', async () => {
    openPage(`/patientinformation/?id=${ownerId}`, { ...server, [`/api/relative/${ownerId}`]: fail(404, 'NOT_FOUND', 'Không tìm thấy.') });

    expect(await screen.findByText('Bạn không có quyền xem hồ sơ này, hoặc quyền đã bị thu hồi.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Yêu cầu quyền truy cập' })).toBeVisible();
  });

  it('offers the export of a profile I manage (issue 53), not of someone who only shares with me', async () => {
    const son: Person = {
      ...me,
      id: child.id,
      fullName: child.info.fullName,
      relation: 'manager',
      info: hoa.info && { ...hoa.info, fullName: child.info.fullName },
    };
    openPage(`/patientinformation/?id=${child.id}`, {
      ...server,
      [`/api/relative/${child.id}`]: ok(son),
      [`/api/privilege-relative/privileges/${child.id}/${patient.userId}`]: ok({ relation: 'manager', sections: son.sections }),
      [`/api/access-log/${child.id}`]: ok({ items: [], total: 0, page: 0, size: 10 }),
      [`/api/record-exports/${child.id}`]: ok({ exports: [] }),
    });
    const section = await screen.findByRole('region', { name: `Xuất dữ liệu của ${child.info.fullName}` });
    expect(await within(section).findByText('Chưa có bản xuất nào.')).toBeVisible();
  });

  it('shows no export on the record of someone who shares with me', async () => {
    openPage(`/patientinformation/?id=${ownerId}`, server);
    expect(await screen.findByRole('heading', { name: hoa.fullName, level: 2 })).toBeVisible();
    expect(screen.queryByRole('region', { name: /Xuất dữ liệu/ })).not.toBeInTheDocument();
  });
});
