import { useState, type ComponentType } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { lazyPart } from './lazy-part.tsx';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

function Opener({ Part }: { Part: ComponentType<{ name: string; onFailed: () => void }> }) {
  const [wanted, setWanted] = useState(false);
  return (
    <ErrorBoundary>
      <button onClick={() => setWanted(true)}>Open</button>
      {wanted && <Part name="Ada" onFailed={() => setWanted(false)} />}
    </ErrorBoundary>
  );
}

describe('lazyPart', () => {
  it('loads its code on first use and draws the named export', async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const Part = lazyPart(load, 'Greeting');
    render(<Opener Part={Part} />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load shows nothing, tells the caller and keeps the page; the next use loads again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Greeting });
    const Part = lazyPart(load, 'Greeting');
    render(<Opener Part={Part} />);

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('A part of the page could not be shown', expect.any(Error)),
    );
    expect(screen.queryByText('Oops! Something went wrong')).not.toBeInTheDocument();
    expect(screen.queryByText('Hello Ada')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preload starts the one load that use then shares', async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const Part = lazyPart(load, 'Greeting');
    Part.preload();
    Part.preload();
    render(<Opener Part={Part} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
