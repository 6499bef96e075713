export {
  arrearsIn,
  generateAllRentCharges,
  ensureRentCharges,
  generateRentCharges,
  listArrears,
  listLeaseCharges,
  settleLease,
} from './service.ts';
