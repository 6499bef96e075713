import { z } from 'zod';

/** Optional free text as a form sends it: trimmed, and a blank field means no value. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));

/**
 * How a person on the company's books is reached and told apart (PRODUCT.md "Owner", "Tenant"):
 * an owner's and a tenant's input share these fields, rules and messages.
 */
export const contactDetailsInput = {
  email: z
    .email('Enter a valid email address')
    .trim()
    .toLowerCase()
    .max(254)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  phone: optionalText(50),
  idNumber: optionalText(100),
  notes: optionalText(5000),
};
