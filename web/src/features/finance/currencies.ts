/** Currencies offered without typing; any other ISO 4217 code can be typed in. */
export const COMMON_CURRENCIES = ['USD', 'ZWG', 'ZAR', 'EUR', 'GBP', 'BWP'] as const;
