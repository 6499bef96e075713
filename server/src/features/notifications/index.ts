export { notify, NOTIFICATION_CHANNEL, type Notice } from './service.ts';
