import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import type { User } from '@lintel/contracts';
import { lazyPart } from '../../lib/lazy-part.tsx';

/**
 * MUI's Menu brings its popover, modal, focus trap and transitions (about 12 kB gzip): loaded when
 * the menu is first wanted, not with every page.
 */
const AccountMenuList = lazyPart(() => import('./AccountMenuList.tsx'), 'AccountMenuList');

/** SPEC §2 "Top bar": the first letter of the first name, or U. */
export const avatarLetter = (user: Pick<User, 'firstName'> | null) =>
  user?.firstName?.trim().charAt(0).toUpperCase() || 'U';

export function AccountMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Kept once opened, so the menu's closing transition plays and a reopening is immediate.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <IconButton
        aria-label="Account"
        aria-haspopup="menu"
        onPointerEnter={AccountMenuList.preload}
        onFocus={AccountMenuList.preload}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 16 }}>
          {avatarLetter(user)}
        </Avatar>
      </IconButton>
      {wanted && (
        <AccountMenuList
          user={user}
          anchor={anchor}
          onClose={() => setAnchor(null)}
          onLogout={onLogout}
          onFailed={() => {
            setAnchor(null);
            setWanted(false);
          }}
        />
      )}
    </>
  );
}
