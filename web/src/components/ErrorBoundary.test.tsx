import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, ErrorScreen } from './ErrorBoundary.tsx';

function Thrower({ message }: { message: string }): never {
  throw new Error(message);
}

/** React reports caught render errors on console.error; keep the output clean and observable. */
const quietConsole = () => vi.spyOn(console, 'error').mockImplementation(() => {});

describe('ErrorBoundary (SPEC §2 "Error and access screens")', () => {
  it('renders its children when nothing throws', () => {
    render(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
    expect(screen.queryByText('Oops! Something went wrong')).not.toBeInTheDocument();
  });

  it("shows 'Oops! Something went wrong' with the error's message instead of a child that throws", () => {
    const consoleError = quietConsole();
    render(
      <ErrorBoundary>
        <p>Sibling</p>
        <Thrower message="Cannot read the lease" />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot read the lease');
    expect(screen.queryByText('Sibling')).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Uncaught render error', expect.any(Error), expect.any(String));
  });

  it("shows 'An unexpected error occurred' for an error with an empty message", () => {
    quietConsole();
    render(
      <ErrorBoundary>
        <Thrower message="" />
      </ErrorBoundary>,
    );
    expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument();
  });

  it("has a 'Refresh Page' button that reloads the page", async () => {
    quietConsole();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(
      <ErrorBoundary>
        <Thrower message="boom" />
      </ErrorBoundary>,
    );
    expect(reload).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ErrorScreen alone (route errors) falls back to the generic message without one', () => {
    render(<ErrorScreen />);
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });
});
