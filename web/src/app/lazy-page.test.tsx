import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, lazyPage, preloadPages, withTimeout } from './lazy-page.tsx';

const never = () => new Promise<never>(() => {});

describe('withTimeout (SPEC §9: chunk load time-out 120 s)', () => {
  it('rejects once 120000 ms have passed without the load settling, not before', async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    const outcome = vi.fn();
    withTimeout(never).then(
      () => outcome('resolved'),
      (error: unknown) => outcome(error instanceof Error ? error.message : error),
    );
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(
      'This page took too long to load. Check your connection and refresh.',
    );
  });

  it('resolves with the loaded value and clears its timer', async () => {
    vi.useFakeTimers();
    await expect(withTimeout(() => Promise.resolve('module'))).resolves.toBe('module');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes a failed load on, wrapping a non-Error reason', async () => {
    vi.useFakeTimers();
    await expect(withTimeout(() => Promise.reject(new Error('chunk 404')))).rejects.toThrow('chunk 404');
    await expect(withTimeout(() => Promise.reject(new Error('x')))).rejects.toBeInstanceOf(Error);
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what a broken loader may do
    await expect(withTimeout(() => Promise.reject('nope'))).rejects.toThrow('This page could not be loaded.');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('lazyPage', () => {
  it('shows a spinner while the page loads, then the named export', async () => {
    let finish!: (module: { Hello: (props: { who: string }) => React.ReactNode }) => void;
    const Page = lazyPage(
      () =>
        new Promise<{ Hello: (props: { who: string }) => React.ReactNode }>((resolve) => (finish = resolve)),
      'Hello',
    );
    render(<Page who="world" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    finish({ Hello: ({ who }) => <p>Hello {who}</p> });
    expect(await screen.findByText('Hello world')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('preloadPages', () => {
  it('starts the load of every lazy page in a route element once, and the render uses that load', async () => {
    const loads = { shell: 0, page: 0 };
    const Shell = lazyPage(() => {
      loads.shell += 1;
      return Promise.resolve({
        Shell: ({ children }: { children?: React.ReactNode }) => <div>{children}</div>,
      });
    }, 'Shell');
    const Home = lazyPage(() => {
      loads.page += 1;
      return Promise.resolve({ Home: () => <p>Home drawn</p> });
    }, 'Home');
    const element = (
      <Shell>
        <section>
          <Home />
        </section>
      </Shell>
    );
    preloadPages(element);
    preloadPages(element);
    expect(loads).toEqual({ shell: 1, page: 1 });
    render(element);
    expect(await screen.findByText('Home drawn')).toBeInTheDocument();
    expect(loads).toEqual({ shell: 1, page: 1 });
  });

  it('draws a page whose load has finished in the first render, with no spinner', async () => {
    const Home = lazyPage(() => Promise.resolve({ Home: () => <p>Home drawn</p> }), 'Home');
    preloadPages(<Home />);
    // The load's promise settles on the next turn of the microtask queue.
    await Promise.resolve();
    await Promise.resolve();
    render(<Home />);
    // Synchronously, not found later: no suspended render, no spinner in between.
    expect(screen.getByText('Home drawn')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
