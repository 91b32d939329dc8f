import { useForm } from '@mantine/form';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInProviders } from '../test/render-app.tsx';
import { ApiError } from './api-error.ts';
import { translateInputError } from './forms.ts';
import { useFormMutation, type FormMutationOptions } from './use-form-mutation.ts';

const validation = new ApiError({
  status: 400,
  code: 'VALIDATION',
  message: 'Dữ liệu không hợp lệ.',
  details: [{ field: 'body.name', code: 'too_small', message: 'Tên không được để trống.' }],
});
const conflict = new ApiError({ status: 409, code: 'GROUP_NOT_EMPTY', message: 'Nhóm vẫn còn người.' });

function NameForm({ fail, ...options }: { fail: unknown } & Partial<FormMutationOptions<string, string>>) {
  const form = useForm({ initialValues: { name: '' }, enhanceGetInputProps: translateInputError });
  const save = useFormMutation<string, string>({ mutationFn: () => Promise.reject(fail as Error), form, ...options });
  return (
    <form onSubmit={form.onSubmit(({ name }) => save.mutate(name))}>
      <label>
        Tên
        <input {...form.getInputProps('name')} />
      </label>
      {typeof form.errors.name === 'string' && <p>{form.errors.name}</p>}
      <button type="submit">Lưu</button>
    </form>
  );
}

function SaveButton(options: FormMutationOptions<string, undefined>) {
  const save = useFormMutation<string, undefined>(options);
  return (
    <button type="button" onClick={() => save.mutate(undefined)}>
      Lưu
    </button>
  );
}

describe('useFormMutation', () => {
  it('puts the server’s field problems at the form’s fields, without a toast', async () => {
    const { user } = renderInProviders(<NameForm fail={validation} />);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Tên không được để trống.')).toBeVisible();
    expect(screen.queryByText('Dữ liệu không hợp lệ.')).not.toBeInTheDocument();
  });

  it('shows any other failure as a toast, the client’s own text for an error that is not the server’s', async () => {
    const first = renderInProviders(<NameForm fail={conflict} />);
    await first.user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Nhóm vẫn còn người.')).toBeVisible();
    first.unmount();

    const second = renderInProviders(<NameForm fail={new TypeError('x is undefined')} />);
    await second.user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Đã có lỗi xảy ra. Vui lòng thử lại.')).toBeVisible();
  });

  it('lets the caller turn a code into a field problem, or handle a failure itself', async () => {
    const first = renderInProviders(
      <NameForm
        fail={conflict}
        onFailure={(error, errors) => {
          errors.name = error.message;
        }}
      />,
    );
    await first.user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Nhóm vẫn còn người.')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    first.unmount();

    const handled = vi.fn(() => true);
    const second = renderInProviders(<NameForm fail={validation} onFailure={handled} />);
    await second.user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(handled).toHaveBeenCalledOnce());
    expect(screen.queryByText('Tên không được để trống.')).not.toBeInTheDocument();
  });

  it('after a success: its toast, the caller’s onSuccess, then the domain’s queries read again', async () => {
    const order: string[] = [];
    const refresh = vi.fn((client: QueryClient) => {
      order.push('refresh');
      expect(client).toBeInstanceOf(QueryClient);
      return Promise.resolve();
    });
    const { user } = renderInProviders(
      <SaveButton
        mutationFn={() => Promise.resolve('ok')}
        success={(data) => `Đã lưu (${data}).`}
        onSuccess={() => order.push('onSuccess')}
        refresh={refresh}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Đã lưu (ok).')).toBeVisible();
    await waitFor(() => expect(order).toEqual(['onSuccess', 'refresh']));
  });
});
