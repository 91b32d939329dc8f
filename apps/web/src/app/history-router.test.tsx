import { act, screen, within } from '@testing-library/react';
import { use } from 'react';
import { useRoutes, UNSAFE_createMemoryHistory as createMemoryHistory, Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock.ts';
import { renderInProviders } from '../test/render-app.tsx';
import { keepFirstFrame } from './first-frame.ts';
import { HistoryRouter } from './history-router.tsx';
import { RootLayout } from './layouts/root-layout.tsx';

/** A page whose code arrives when the test says so, as a page's chunk does on a slow network. */
function slowPage(heading: string) {
  let arrive: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  function Page() {
    use(arrived);
    return <h1>{heading}</h1>;
  }
  return { Page, arrive };
}

function Broken(): never {
  throw new Error('a page that cannot render');
}

function Tall({ heading }: { heading: string }) {
  return (
    <>
      <h1>{heading}</h1>
      <Link to="/broken">Trang hỏng</Link> <Link to="/slow">Trang chậm</Link> <Link to="/other">Trang khác</Link>
    </>
  );
}

function renderShell(slow: ReturnType<typeof slowPage>, firstAddress = '/first') {
  mockApi({});
  const history = createMemoryHistory({ initialEntries: [firstAddress], v5Compat: true });
  function Routes() {
    return useRoutes([
      {
        element: <RootLayout />,
        children: [
          { path: '/first', element: <Tall heading="Trang đầu" /> },
          { path: '/other', element: <Tall heading="Trang khác" /> },
          { path: '/slow', element: <slow.Page /> },
          { path: '/broken', element: <Broken /> },
        ],
      },
    ]);
  }
  const view = renderInProviders(
    <HistoryRouter history={history}>
      <Routes />
    </HistoryRouter>,
  );
  return { ...view, history };
}

afterEach(() => {
  vi.restoreAllMocks();
  keepFirstFrame(document.createElement('div'));
});

describe('moving between pages (declarative router over our history)', () => {
  it('keeps the current page on screen, marked busy with the loading bar, until the next page has loaded', async () => {
    const slow = slowPage('Trang chậm đã tải');
    const { user } = renderShell(slow);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trang đầu' })).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Trang chậm' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Trang đầu' })).toBeVisible();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    await act(async () => slow.arrive());
    expect(await screen.findByRole('heading', { level: 1, name: 'Trang chậm đã tải' })).toBeVisible();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'false');
  });

  it('shows the error screen inside the layout for a page that fails, and the next navigation shows its page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, history } = renderShell(slowPage('—'));
    await user.click(await screen.findByRole('link', { name: 'Trang hỏng' }));

    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Đã có lỗi xảy ra' })).toBeVisible();
    expect(screen.getByRole('banner')).toBeVisible();
    expect(screen.getByRole('contentinfo')).toBeVisible();

    await act(() => history.push('/other'));
    expect(await within(main).findByRole('heading', { level: 1, name: 'Trang khác' })).toBeVisible();
  });

  it('opens a new page at its top, and Back returns to where the person had scrolled', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { user, history } = renderShell(slowPage('—'));
    await screen.findByRole('heading', { level: 1, name: 'Trang đầu' });
    // The person scrolls down the first page, then follows a link.
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 640 });
    window.dispatchEvent(new Event('scroll'));
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    scrollTo.mockClear();

    await user.click(screen.getByRole('link', { name: 'Trang khác' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Trang khác' })).toBeVisible();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await act(() => history.go(-1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Trang đầu' })).toBeVisible();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });

  it('keeps the page on screen for an address whose #anchor is not valid percent-encoding', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { history } = renderShell(slowPage('—'));
    await screen.findByRole('heading', { level: 1, name: 'Trang đầu' });

    await act(() => history.push('/other#%E0'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Trang khác' })).toBeVisible();
  });

  it('opens the page the browser loads by a link or the address bar at its top, whatever was kept for that address', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const first = renderShell(slowPage('—'));
    await screen.findByRole('heading', { level: 1, name: 'Trang đầu' });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 480 });
    window.dispatchEvent(new Event('scroll'));
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    first.unmount();
    scrollTo.mockClear();

    renderShell(slowPage('—'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Trang đầu' })).toBeVisible();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});

describe('the first page of a visit, while its code loads', () => {
  /** The top of the page, as the server writes it into #root before any script (decision 029). */
  function serverFrame() {
    const root = document.createElement('div');
    root.innerHTML =
      '<header class="boot-header"></header><main class="ff-main"><div class="ff-container ff-booking">' +
      '<h1 class="ff-title">Đặt lịch khám trực tiếp</h1><p class="ff-intro">Chọn chuyên khoa, bác sĩ, ngày và giờ khám.</p></div></main>';
    keepFirstFrame(root);
  }

  it("keeps the title and introduction the server drew where they were, with the loader, until the page's code is in", async () => {
    serverFrame();
    const slow = slowPage('Trang chậm đã tải');
    await act(async () => {
      renderShell(slow, '/slow');
    });

    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Đặt lịch khám trực tiếp' })).toBeVisible();
    expect(within(main).getByText('Chọn chuyên khoa, bác sĩ, ngày và giờ khám.')).toBeVisible();
    expect(within(main).getByRole('status', { name: 'Đang tải…' })).toBeInTheDocument();
    // One landmark: the frame's own <main> is not drawn again inside the app's.
    expect(screen.getAllByRole('main')).toHaveLength(1);

    await act(async () => slow.arrive());
    expect(await within(main).findByRole('heading', { level: 1, name: 'Trang chậm đã tải' })).toBeVisible();
    expect(within(main).queryByRole('heading', { name: 'Đặt lịch khám trực tiếp' })).not.toBeInTheDocument();
    expect(within(main).queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows only the loader once the person is at another address (the frame was the first one’s)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serverFrame();
    const { history } = renderShell(slowPage('Trang chậm đã tải'), '/broken');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Đã có lỗi xảy ra' })).toBeVisible();

    await act(() => history.push('/slow'));

    expect(await within(main).findByRole('status', { name: 'Đang tải…' })).toBeInTheDocument();
    expect(within(main).queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('shows only the loader for a page the server drew no frame for', async () => {
    keepFirstFrame(document.createElement('div'));
    renderShell(slowPage('Trang chậm đã tải'), '/slow');

    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('status', { name: 'Đang tải…' })).toBeInTheDocument();
    expect(within(main).queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});
