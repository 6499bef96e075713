import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { FONT_SIZE, fitText, useWidth } from './chart-parts.tsx';

const ROW_HEIGHT = 34;
/** Room past the longest bar for its figure. */
const VALUE_ROOM = 40;

/**
 * Counts as horizontal bars, one row per label with its figure at the bar's end, in SVG drawn to
 * its box's width. One image named by `label`; its figures should also be given as text.
 */
export function HorizontalBarChart({
  label,
  items,
  color,
  labelWidth = 110,
}: {
  label: string;
  items: readonly { label: string; count: number }[];
  color: string;
  labelWidth?: number;
}) {
  const { palette } = useTheme();
  const [ref, width] = useWidth();
  const height = items.length * ROW_HEIGHT;
  const longest = Math.max(1, ...items.map((item) => item.count));
  const room = Math.max(0, width - labelWidth - VALUE_ROOM);
  return (
    <Box ref={ref} sx={{ height, minWidth: 0, mb: 1 }}>
      {width > 0 && (
        <svg role="img" aria-label={label} width={width} height={height} fontSize={FONT_SIZE}>
          <line x1={labelWidth} x2={labelWidth} y1={0} y2={height} stroke={palette.text.secondary} />
          {items.map((item, index) => {
            const middle = ROW_HEIGHT * (index + 0.5);
            const length = (item.count / longest) * room;
            return (
              <g key={item.label}>
                <text
                  x={labelWidth - 8}
                  y={middle}
                  textAnchor="end"
                  dominantBaseline="middle"
                  fill={palette.text.secondary}
                >
                  {fitText(item.label, labelWidth - 8)}
                </text>
                <rect x={labelWidth} y={middle - 11} width={length} height={22} rx={2} fill={color}>
                  <title>{`${item.label}: ${item.count.toLocaleString()}`}</title>
                </rect>
                <text
                  x={labelWidth + length + 6}
                  y={middle}
                  dominantBaseline="middle"
                  fill={palette.text.primary}
                >
                  {item.count.toLocaleString()}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </Box>
  );
}
