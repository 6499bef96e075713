import { useState } from 'react';
import { useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { User } from '@lintel/contracts';

/** SPEC §2 "Top bar": the first letter of the first name, or U. */
export const avatarLetter = (user: Pick<User, 'firstName'> | null) =>
  user?.firstName?.trim().charAt(0).toUpperCase() || 'U';

export function AccountMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const go = (path: string) => {
    setAnchor(null);
    void navigate(path);
  };
  return (
    <>
      <IconButton
        aria-label="Account"
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 16 }}>
          {avatarLetter(user)}
        </Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {/* A user without a company has no profile or settings the server keeps yet (NO_COMPANY). */}
        {user.companyId && <MenuItem onClick={() => go('/profile')}>Profile</MenuItem>}
        {user.companyId && <MenuItem onClick={() => go('/settings')}>Settings</MenuItem>}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onLogout();
          }}
        >
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
