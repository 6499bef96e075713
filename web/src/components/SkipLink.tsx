import Link from '@mui/material/Link';

/**
 * WCAG 2.4.1: the first stop in the tab order skips the navigation and moves focus to the page's
 * content (the element with id `targetId`, focusable through tabIndex -1). Hidden until focused.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <Link
      href={`#${targetId}`}
      onClick={(event) => {
        // Focus by hand: a hash change would be a navigation for the router.
        event.preventDefault();
        document.getElementById(targetId)?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        borderRadius: 1,
        boxShadow: 3,
        fontWeight: 600,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: '2px solid', outlineOffset: 2 },
      }}
    >
      Skip to content
    </Link>
  );
}
