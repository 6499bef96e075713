export {
  arrearsIn,
  generateAllRentCharges,
  ensureRentCharges,
  generateRentCharges,
  listArrears,
  listLeaseCharges,
  settleLease,
  settledDisagreements,
} from './service.ts';
export { chargeablePeriods, dueDateOf, periodOf } from './periods.ts';
export { isOpen, outstandingOf } from './outstanding.ts';
export { letterOfDemandForMail, listLeaseReminders, sendArrearsReminders } from './reminders.ts';
