import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { niceTicks } from './chart-parts.tsx';
import { DonutChart } from './DonutChart.tsx';
import { HorizontalBarChart } from './HorizontalBarChart.tsx';
import { XyChart } from './XyChart.tsx';

const titles = (container: HTMLElement) =>
  [...container.querySelectorAll('title')].map((title) => title.textContent);

describe('charts', () => {
  it('draws bars named by their label, each with its figure as the pointer reads it', () => {
    const { container } = render(
      <XyChart
        label="Income by month"
        height={200}
        categories={['2026-01', '2026-02']}
        categoryLabel={(month, where) => (where === 'tick' ? month.slice(5) : `Month ${month}`)}
        series={[
          { label: 'Income', data: [1500, 0], format: (value) => `$${value / 100}` },
          { label: 'Deposits', data: [200, 300], format: (value) => `$${value / 100}` },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Income by month' })).toBeInTheDocument();
    expect(titles(container)).toEqual([
      'Month 2026-01, Income: $15',
      'Month 2026-02, Income: $0',
      'Month 2026-01, Deposits: $2',
      'Month 2026-02, Deposits: $3',
    ]);
    // Two series: a legend names them.
    expect(screen.getByRole('list')).toHaveTextContent('IncomeDeposits');
  });

  it('stacks series on each other, so the axis reaches their sum', () => {
    const { container } = render(
      <XyChart
        label="Stacked"
        height={200}
        categories={['a']}
        stacked
        series={[
          { label: 'x', data: [30] },
          { label: 'y', data: [40] },
        ]}
      />,
    );
    const ticks = [...container.querySelectorAll('text')].map((text) => text.textContent);
    expect(ticks).toContain('80');
    const [lower, upper] = [...container.querySelectorAll('rect')];
    // The second bar sits on top of the first.
    expect(Number(upper!.getAttribute('y')) + Number(upper!.getAttribute('height'))).toBeCloseTo(
      Number(lower!.getAttribute('y')),
    );
  });

  it('draws a ring with one slice per share and a legend line for each', () => {
    const { container } = render(
      <DonutChart
        label="Properties by status"
        height={200}
        slices={[
          { label: 'Occupied', value: 3, color: '#1976d2', legend: 'Occupied (3)' },
          { label: 'Available', value: 0, color: '#e65100', legend: 'Available (0)' },
          { label: 'Sold', value: 1, color: '#6a1b9a', legend: 'Sold (1)' },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Properties by status' })).toBeInTheDocument();
    expect(titles(container)).toEqual(['Occupied: 3', 'Sold: 1']);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Occupied (3)',
      'Available (0)',
      'Sold (1)',
    ]);
  });

  it('draws a row per count with the figure at the end of its bar', () => {
    render(
      <HorizontalBarChart
        label="Users by role"
        color="#1976d2"
        items={[
          { label: 'Agent', count: 2 },
          { label: 'Owner', count: 1 },
        ]}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Users by role' });
    expect([...chart.querySelectorAll('title')].map((title) => title.textContent)).toEqual([
      'Agent: 2',
      'Owner: 1',
    ]);
    const [agent, owner] = [...chart.querySelectorAll('rect')];
    expect(Number(agent!.getAttribute('width'))).toBeCloseTo(2 * Number(owner!.getAttribute('width')));
  });

  it('spaces axis ticks in round steps that cover the values', () => {
    expect(niceTicks(0, 1_900_000)).toEqual([0, 500_000, 1_000_000, 1_500_000, 2_000_000]);
    expect(niceTicks(0, 3, 4, true)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(-50, 120)).toEqual([-50, 0, 50, 100, 150]);
  });
});
