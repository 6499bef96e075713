export {
  arrearsIn,
  generateAllRentCharges,
  ensureRentCharges,
  generateRentCharges,
  listArrears,
  listLeaseCharges,
  settleLease,
} from './service.ts';
export { chargeablePeriods, dueDateOf } from './periods.ts';
export { letterOfDemandForMail, listLeaseReminders, sendArrearsReminders } from './reminders.ts';
