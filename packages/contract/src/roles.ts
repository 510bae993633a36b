import { z } from 'zod';

/**
 * Roles of seed 000 section 6. MustChangePassphrase is not stored: it is the role a staff user
 * presents while their passphrase must be changed, and it grants nothing but that change.
 */
export const roles = ['Admin', 'CSR', 'Consumer', 'MustChangePassphrase'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** Roles an account can be stored with. */
export const storedRoles = ['Admin', 'CSR', 'Consumer'] as const satisfies readonly Role[];
export type StoredRole = (typeof storedRoles)[number];

export const staffRoles = ['Admin', 'CSR'] as const satisfies readonly Role[];

export function isStaffRole(role: Role): boolean {
  return (staffRoles as readonly Role[]).includes(role);
}
