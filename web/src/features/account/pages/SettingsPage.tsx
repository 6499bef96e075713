import { ComingNext } from '../../../components/ComingNext.tsx';

export function SettingsPage() {
  return (
    <ComingNext
      title="Settings"
      description="Your personal preferences will be kept on the server, so they follow you from device to device. They arrive with user management."
    />
  );
}
