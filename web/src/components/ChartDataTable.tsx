import Box from '@mui/material/Box';

/** Hidden on screen, read by screen readers: the usual "sr-only" rules (sizes in px: in sx, 1 means 100%). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * A chart's figures as a table only screen readers see: the chart's text alternative. The hiding
 * box wraps the table, since a table never shrinks below its content and would widen the page.
 */
export function ChartDataTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  /** Column headings; the first names the rows. */
  head: readonly string[];
  rows: readonly (readonly string[])[];
}) {
  return (
    <Box sx={visuallyHidden}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name = '', ...cells]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              {cells.map((cell, index) => (
                <td key={head[index + 1] ?? index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
