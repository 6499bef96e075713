import { describe, expect, it } from 'vitest';
import { AGING_COLORS } from './aging-colors.ts';
import { OCCUPANCY_COLORS } from './occupancy-colors.ts';

/** WCAG relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

describe('occupancy colours', () => {
  it('each reads at 3:1 or better on the white card (WCAG non-text contrast)', () => {
    for (const [status, color] of Object.entries(OCCUPANCY_COLORS)) {
      expect(contrast(color, '#ffffff'), status).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives each status its own colour, occupied and vacant apart in lightness too, vacant in the arrears’ overdue orange', () => {
    expect(new Set(Object.values(OCCUPANCY_COLORS)).size).toBe(4);
    // Occupied and vacant differ in lightness too, so they part without hue.
    expect(contrast(OCCUPANCY_COLORS.occupied, OCCUPANCY_COLORS.available)).toBeGreaterThanOrEqual(1.4);
    expect(OCCUPANCY_COLORS.available).toBe(AGING_COLORS.days61to90);
  });
});
