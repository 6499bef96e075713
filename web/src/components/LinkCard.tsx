import { memo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A card that is one link: a title, a line on what is there, and a "Coming next" mark when not built. */
export function LinkCard({
  to,
  title,
  description,
  icon,
  comingNext = false,
}: {
  to: string;
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  comingNext?: boolean;
}) {
  return (
    <Paper sx={{ height: '100%', overflow: 'hidden', '&:hover': { borderColor: 'primary.main' } }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{
          height: '100%',
          p: 2,
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'flex-start',
          gap: 1.5,
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        {icon && (
          <Box aria-hidden sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }}>
            {icon}
          </Box>
        )}
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {description}
            </Typography>
          )}
          {comingNext && (
            <Chip label="Coming next" size="small" variant="outlined" color="primary" sx={{ mt: 1 }} />
          )}
        </Box>
      </CardActionArea>
    </Paper>
  );
}

export interface LinkCardItem {
  to: string;
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  comingNext?: boolean;
}

/**
 * Link cards in a grid: one column on phones, two from small screens, `columns` from large ones.
 * Memoised: a home's cards are fixed, and the page around them redraws as each figure arrives.
 */
export const LinkCardGrid = memo(function LinkCardGrid({
  items,
  columns = 2,
}: {
  items: LinkCardItem[];
  columns?: 2 | 3;
}) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: `repeat(${columns}, minmax(0, 1fr))`,
        },
      }}
    >
      {items.map((item) => (
        <li key={item.to}>
          <LinkCard {...item} />
        </li>
      ))}
    </Box>
  );
});
