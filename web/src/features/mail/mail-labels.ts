import type { MailState } from '@lintel/contracts';

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

// The theme's info, success and error shades pass 4.5:1 as outlined chip text (app/theme.ts).
export const MAIL_STATE_COLORS: Record<MailState, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  sending: 'info',
  sent: 'success',
  failed: 'error',
};
