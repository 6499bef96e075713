import { useNavigate } from 'react-router';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { User } from '@lintel/contracts';

/** The account menu's items, loaded on its first opening (AccountMenu.tsx). */
export function AccountMenuList({
  user,
  anchor,
  onClose,
  onLogout,
}: {
  user: User;
  anchor: HTMLElement | null;
  onClose: () => void;
  onLogout: () => void;
}) {
  const navigate = useNavigate();
  const go = (path: string) => {
    onClose();
    void navigate(path);
  };
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {/* A user without a company has no profile or settings the server keeps yet (NO_COMPANY). */}
      {user.companyId && <MenuItem onClick={() => go('/profile')}>Profile</MenuItem>}
      {user.companyId && <MenuItem onClick={() => go('/settings')}>Settings</MenuItem>}
      <MenuItem
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        Logout
      </MenuItem>
    </Menu>
  );
}
