import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/api-mock.ts';
import { patient } from '../../../test/auth.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { bodiesOf, openPage, signedInReplies, useFixedClock } from '../../../test/page-harness.ts';
import { child, childId, elder, family, follows, followerShare, invitationPage, outgoingInvite, requestForChild } from './fixtures.ts';

const server = {
  ...signedInReplies(patient, { countInvites: 1, relatives: [child, elder], follows: follows }),
  [`/api/groups/${patient.userId}`]: ok([family]),
  '/api/group-types': ok(['family', 'patients', 'friends', 'colleagues', 'other']),
  [`/api/invitations/${patient.userId}`]: ({ url }: { url: URL }) =>
    ok(url.searchParams.get('type') === 'outgoing' ? invitationPage([outgoingInvite]) : invitationPage([requestForChild])),
};

describe('relatives page (issue 14)', { timeout: 30_000 }, () => {
  useFixedClock();

  it('lists the profiles I manage, the child one marked', async () => {
    openPage('/relativemanagement/', server);

    expect(await screen.findByRole('heading', { name: 'Quản lý người thân', level: 1 })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Hồ sơ tôi quản lý' })).toHaveAttribute('aria-selected', 'true');
    const item = (await screen.findByText(child.info.fullName)).closest('li') as HTMLElement;
    expect(within(item).getByText('Trẻ em 7–15 tuổi')).toBeVisible();
    expect(within(item).getByText(/Sinh ngày 02-03-2018/)).toBeVisible();
    expect(screen.getByText('Đang chia sẻ với 1 người')).toBeVisible();
  });

  it('says a deleted profile with bookings was archived, after asking', async () => {
    const { fetchMock, user } = openPage('/relativemanagement/', { ...server, [`/api/relative/${elder.id}`]: ok({ archived: true }) });

    await user.click(await screen.findByRole('button', { name: `Xóa hồ sơ của ${elder.info.fullName}` }));
    const confirm = await findDialog('Xóa hồ sơ');
    expect(bodiesOf(fetchMock, 'DELETE', `/api/relative/${elder.id}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Xóa hồ sơ' }));

    expect(await screen.findByText(/được lưu trữ thay vì xóa vì đã có lịch hẹn hoặc hồ sơ sức khỏe/)).toBeVisible();
    expect(bodiesOf(fetchMock, 'DELETE', `/api/relative/${elder.id}`)).toHaveLength(1);
  });

  it('adds a profile with the §3 fields, gender male unless chosen', async () => {
    const { fetchMock, user } = openPage('/relativemanagement/', {
      ...server,
      [`/api/relative/${patient.userId}`]: ok(child, 201),
    });

    await user.click(await screen.findByRole('button', { name: 'Thêm hồ sơ' }));
    const dialog = await findDialog('Thêm hồ sơ người thân');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(bodiesOf(fetchMock, 'POST', `/api/relative/${patient.userId}`)).toHaveLength(0);
    expect(within(dialog).getAllByText('Vui lòng nhập thông tin này.').length).toBeGreaterThan(0);

    await user.type(within(dialog).getByLabelText(fieldLabel('Họ và tên')), 'Nguyễn Minh Khang');
    await user.type(within(dialog).getByLabelText(fieldLabel('Số điện thoại')), '0901234567');
    await user.type(within(dialog).getByLabelText(fieldLabel('Ngày sinh')), '02/03/2018');
    await user.type(within(dialog).getByLabelText(fieldLabel('Địa chỉ')), '12 Lý Thường Kiệt, Hà Nội');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    expect(await screen.findByText('Đã thêm hồ sơ.')).toBeVisible();
    expect(bodiesOf(fetchMock, 'POST', `/api/relative/${patient.userId}`)).toEqual([{ ...child.info, email: '' }]);
  });

  it('opens on the invitations for ?type=watched; accepting a request for a child needs sections, a note and the child’s agreement', async () => {
    const { fetchMock, user } = openPage('/relativemanagement/?type=watched', {
      ...server,
      [`/api/invitations/${requestForChild.id}/answer`]: ok({
        ...requestForChild,
        status: 'accepted',
        answeredAt: '2026-11-24T03:00:00.000Z',
      }),
    });

    expect(await screen.findByRole('tab', { name: 'Lời mời' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('1 lời mời chờ bạn trả lời')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Chấp nhận lời mời của Lê Quang Huy' }));
    const dialog = await findDialog('Chấp nhận lời mời');

    // What was asked is ticked (issue 54 item 16), nothing more; "Tất cả" is a choice of its own.
    const boxes = within(dialog)
      .getAllByRole('checkbox')
      .filter((box) => box.closest('[role="group"]'));
    for (const box of boxes)
      expect((box as HTMLInputElement).checked).toBe(box === within(dialog).getByRole('checkbox', { name: 'Tiêm chủng' }));
    expect(within(dialog).getByText(/Điều 24 Luật Bảo vệ dữ liệu cá nhân số 91\/2025\/QH15/)).toBeVisible();

    // The owner may untick it; nothing chosen is refused.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tiêm chủng' }));
    await user.click(within(dialog).getByRole('button', { name: 'Chấp nhận' }));
    expect(within(dialog).getByText('Vui lòng chọn ít nhất một phần thông tin để chia sẻ.')).toBeVisible();
    expect(within(dialog).getByText('Vui lòng nhập lời nhắn khi trả lời.')).toBeVisible();
    expect(within(dialog).getByText('Vui lòng xác nhận trẻ đã đồng ý.')).toBeVisible();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Tiêm chủng' }));
    expect(within(dialog).getByTestId('consent-wording')).toHaveTextContent(
      `Tôi đồng ý chia sẻ các phần thông tin sau của hồ sơ ${child.info.fullName}: Tiêm chủng.`,
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /Tôi xác nhận đã giải thích cho trẻ/ }));
    await user.type(within(dialog).getByLabelText(fieldLabel('Lời nhắn trả lời')), 'Đồng ý, chỉ phần tiêm chủng.');
    await user.click(within(dialog).getByRole('button', { name: 'Chấp nhận' }));

    expect(await screen.findByText('Đã chấp nhận lời mời.')).toBeVisible();
    const [body] = bodiesOf(fetchMock, 'POST', `/api/invitations/${requestForChild.id}/answer`);
    expect(body).toEqual({
      accept: true,
      note: 'Đồng ý, chỉ phần tiêm chủng.',
      sections: ['vaccines'],
      childAssent: true,
      consentText: expect.stringContaining('Tiêm chủng'),
    });
  });

  it('invites someone to follow a child profile: no section ticked, the consent wording sent, the child’s agreement required', async () => {
    const { fetchMock, user } = openPage('/relativemanagement/', {
      ...server,
      [`/api/invitations/${patient.userId}`]: ({ url, init }) =>
        init?.method === 'POST'
          ? ok(outgoingInvite, 201)
          : ok(url.searchParams.get('type') === 'outgoing' ? invitationPage([outgoingInvite]) : invitationPage([])),
    });

    await user.click(await screen.findByRole('button', { name: `Mời theo dõi hồ sơ của ${child.info.fullName}` }));
    const dialog = await findDialog('Mời theo dõi');
    expect(within(dialog).getByTestId('consent-wording')).toHaveTextContent('Hãy chọn phần thông tin chia sẻ để xem nội dung đồng ý.');
    await user.type(within(dialog).getByLabelText(fieldLabel('Số điện thoại')), '0987654321');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Thông tin sức khỏe' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tiêm chủng' }));
    await user.click(within(dialog).getByRole('button', { name: 'Gửi lời mời' }));
    expect(within(dialog).getByText('Vui lòng xác nhận trẻ đã đồng ý.')).toBeVisible();
    expect(bodiesOf(fetchMock, 'POST', `/api/invitations/${patient.userId}`)).toHaveLength(0);

    // "Tất cả" clears the named sections: it is its own explicit choice.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tất cả' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Tiêm chủng' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tiêm chủng' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Tất cả' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('checkbox', { name: /Tôi xác nhận đã giải thích cho trẻ/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Gửi lời mời' }));
    expect(await screen.findByText('Đã gửi lời mời.')).toBeVisible();
    expect(bodiesOf(fetchMock, 'POST', `/api/invitations/${patient.userId}`)).toEqual([
      {
        kind: 'invite',
        phone: '0987654321',
        callingCodes: '+84',
        personId: childId,
        sections: ['vaccines'],
        childAssent: true,
        consentText: `Tôi đồng ý chia sẻ các phần thông tin sau của hồ sơ ${child.info.fullName}: Tiêm chủng. Người theo dõi chỉ xem được những phần này. Tôi có thể thay đổi hoặc thu hồi quyền này bất cứ lúc nào tại trang Quản lý người thân.`,
      },
    ]);
  });

  it('revokes a follower after confirmation', async () => {
    const { fetchMock, user } = openPage('/relativemanagement/?tab=followers', {
      ...server,
      [`/api/follows/share/${followerShare.id}`]: ok(null),
    });

    await user.click(await screen.findByRole('button', { name: 'Thu hồi quyền theo dõi của Lê Quang Huy' }));
    const confirm = await findDialog('Thu hồi quyền theo dõi');
    await user.click(within(confirm).getByRole('button', { name: 'Thu hồi' }));
    expect(await screen.findByText('Đã thu hồi quyền theo dõi.')).toBeVisible();
    expect(bodiesOf(fetchMock, 'DELETE', `/api/follows/share/${followerShare.id}`)).toHaveLength(1);
  });

  it('shows the server’s message when a group with members cannot be deleted', async () => {
    const { user } = openPage('/relativemanagement/?tab=groups', {
      ...server,
      [`/api/group/${family.id}`]: fail(409, 'GROUP_NOT_EMPTY', 'Nhóm vẫn còn thành viên nên chưa thể xóa.'),
    });

    await user.click(await screen.findByRole('button', { name: `Xóa nhóm ${family.name}` }));
    const confirm = await findDialog('Xóa nhóm');
    await user.click(within(confirm).getByRole('button', { name: 'Xóa nhóm' }));
    expect(await screen.findByText('Nhóm vẫn còn thành viên nên chưa thể xóa.')).toBeVisible();
  });

  it('creates a group with a name and a type from the list, and adds a profile I manage to it', async () => {
    const { fetchMock, user } = openPage('/relativemanagement/?tab=groups', {
      ...server,
      [`/api/groups/${patient.userId}`]: ({ init }) =>
        init?.method === 'POST' ? ok({ ...family, id: family.id, memberCount: 0, members: [] }, 201) : ok([family]),
      [`/api/group/${family.id}/members/${childId}`]: ok({
        ...family,
        memberCount: 2,
        members: [...family.members, { id: childId, fullName: child.info.fullName }],
      }),
    });

    await user.click(await screen.findByRole('button', { name: 'Tạo nhóm' }));
    expect(bodiesOf(fetchMock, 'POST', `/api/groups/${patient.userId}`)).toHaveLength(0);
    await user.type(screen.getByLabelText(fieldLabel('Tên nhóm')), 'Gia đình nội');
    // Chosen with the keyboard: the first type of the list.
    screen.getByRole('combobox', { name: fieldLabel('Loại nhóm') }).focus();
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(screen.getByRole('button', { name: 'Tạo nhóm' }));
    expect(await screen.findByText('Đã tạo nhóm.')).toBeVisible();
    expect(bodiesOf(fetchMock, 'POST', `/api/groups/${patient.userId}`)).toEqual([{ name: 'Gia đình nội', type: 'family' }]);

    // The people a group may hold: those I follow (already a member here) and the profiles I manage.
    const candidates = screen.getByRole('combobox', { name: `Thêm người vào nhóm ${family.name}` });
    candidates.focus();
    await user.keyboard('{ArrowDown}');
    expect(
      within(screen.getByRole('listbox', { name: `Thêm người vào nhóm ${family.name}`, hidden: true })).queryByText('Trần Thị Hoa'),
    ).toBeNull();
    await user.keyboard('{Enter}');
    expect(candidates).toHaveValue(child.info.fullName);
    await user.click(screen.getByRole('button', { name: 'Thêm' }));
    expect(await screen.findByText('Đã thêm vào nhóm.')).toBeVisible();
    expect(bodiesOf(fetchMock, 'PUT', `/api/group/${family.id}/members/${childId}`)).toHaveLength(1);
  });

  it('withdraws an invitation I sent, after confirmation', async () => {
    const { fetchMock, user } = openPage('/relativemanagement/?tab=invitations', {
      ...server,
      [`/api/invitations/${outgoingInvite.id}`]: ok(null),
    });

    await user.click(await screen.findByRole('button', { name: 'Rút lại lời mời gửi Người dùng 098****111' }));
    await user.click(within(await findDialog('Rút lại lời mời')).getByRole('button', { name: 'Rút lại' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'DELETE', `/api/invitations/${outgoingInvite.id}`)).toHaveLength(1));
  });

  it('says when the profiles cannot be loaded, with a retry', async () => {
    openPage('/relativemanagement/', {
      ...server,
      [`/api/relatives/${patient.userId}`]: fail(503, 'UNAVAILABLE', 'Dịch vụ tạm thời gián đoạn.'),
    });
    const alert = (await screen.findByText(/Không tải được danh sách hồ sơ\./)).closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('Dịch vụ tạm thời gián đoạn.');
    expect(within(alert).getByRole('button', { name: 'Thử lại' })).toBeVisible();
  });
  describe('profiles kept for me (decision 025)', () => {
    const kept = {
      id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
      fullName: 'Lê Văn Bình',
      dateOfBirth: '1995-04-02',
      manager: { fullName: 'Nguyễn Thị Lan' },
      claimable: true,
    };
    const young = {
      ...kept,
      id: '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
      fullName: 'Lê Minh Khôi',
      dateOfBirth: '2015-01-01',
      claimable: false,
    };
    const verificationId = '8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d1e';

    it('links a profile with a fresh code; nothing is ticked for the former manager unless I choose', async () => {
      const { fetchMock, user } = openPage('/relativemanagement/', {
        ...server,
        [`/api/profile-claims/${patient.userId}`]: ok([kept, young]),
        [`/api/profile-claims/${kept.id}/code`]: ok({ verificationId, expiresAt: '2026-11-24T03:05:00.000Z' }, 201),
        [`/api/profile-claims/${kept.id}/claim`]: ({ init }) => {
          const body = JSON.parse(String(init?.body)) as { code: string };
          return body.code === '123456'
            ? ok({ profileId: patient.userId, orders: 2, managerSections: ['vaccines'] })
            : fail(400, 'OTP_WRONG', 'Mã xác thực không đúng.');
        },
      });

      const panel = await screen.findByTestId('claim-panel');
      expect(within(panel).getAllByText(/Do Nguyễn Thị Lan quản lý/)).toHaveLength(2);
      expect(within(panel).getByText('Dưới 16 tuổi: cha mẹ hoặc người giám hộ tiếp tục quản lý hồ sơ này.')).toBeVisible();
      await user.click(within(panel).getByRole('button', { name: `Liên kết với tài khoản của tôi: ${kept.fullName}` }));
      const dialog = await findDialog('Liên kết hồ sơ với tài khoản của bạn');
      for (const box of within(dialog).getAllByRole('checkbox')) expect(box).not.toBeChecked();
      expect(within(dialog).getByRole('button', { name: 'Liên kết hồ sơ' })).toBeDisabled();

      await user.click(within(dialog).getByRole('button', { name: 'Gửi mã' }));
      await user.click(within(dialog).getByRole('checkbox', { name: 'Tiêm chủng' }));
      expect(within(dialog).getByTestId('claim-consent')).toHaveTextContent('Tôi cho phép Nguyễn Thị Lan tiếp tục theo dõi');
      await user.type(within(dialog).getByLabelText(fieldLabel('Mã xác thực')), '000000');
      await user.click(within(dialog).getByRole('button', { name: 'Liên kết hồ sơ' }));
      expect(await within(dialog).findByText('Mã xác thực không đúng.')).toBeVisible();

      await user.clear(within(dialog).getByLabelText(fieldLabel('Mã xác thực')));
      await user.type(within(dialog).getByLabelText(fieldLabel('Mã xác thực')), '123456');
      await user.click(within(dialog).getByRole('button', { name: 'Liên kết hồ sơ' }));
      expect(await screen.findByText('Hồ sơ giờ là của bạn, kèm 2 lịch hẹn.')).toBeVisible();
      expect(bodiesOf(fetchMock, 'POST', `/api/profile-claims/${kept.id}/claim`).at(-1)).toEqual({
        verificationId,
        code: '123456',
        managerSections: ['vaccines'],
      });
    });

    it('shows nothing when nobody keeps a profile for me', async () => {
      openPage('/relativemanagement/', { ...server, [`/api/profile-claims/${patient.userId}`]: ok([]) });
      expect(await screen.findByText(child.info.fullName)).toBeVisible();
      expect(screen.queryByTestId('claim-panel')).not.toBeInTheDocument();
    });
  });
});
