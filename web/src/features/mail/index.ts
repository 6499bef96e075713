export { MailStateChip } from './components/MailStateChip.tsx';
