import { z } from 'zod';
import { passphraseField } from './passphrase';
import { emailSchema, maxFieldLength, storableText } from './text';

/** Roles a system user (staff, managed in user management) may have; CSR is the default. */
export const systemUserRoles = ['Admin', 'CSR'] as const;
export const systemUserRoleSchema = z.enum(systemUserRoles);
export type SystemUserRole = z.infer<typeof systemUserRoleSchema>;
export const defaultSystemUserRole: SystemUserRole = 'CSR';

/** GET /api/roles/v1 */
export const rolesResponseSchema = z.array(systemUserRoleSchema);

export const systemUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: systemUserRoleSchema,
});
export type SystemUser = z.infer<typeof systemUserSchema>;

/** GET /api/users/v1: one page; `x-total-users` and `x-next-page` tell the rest. */
export const usersPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export const usersPageResponseSchema = z.array(systemUserSchema);
export const totalUsersHeader = 'x-total-users';
export const nextPageHeader = 'x-next-page';

export const userIdParamsSchema = z.object({ id: z.uuid() });

const fullName = storableText(maxFieldLength).trim().min(1);

/** POST /api/user/v1 */
export const createUserRequestSchema = z.object({
  email: emailSchema,
  name: fullName,
  rawPassphrase: passphraseField,
  role: systemUserRoleSchema.default(defaultSystemUserRole),
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/** PUT /api/user/v1/{id}: a new passphrase only when given. */
export const updateUserRequestSchema = z.object({
  email: emailSchema,
  name: fullName,
  role: systemUserRoleSchema,
  rawPassphrase: passphraseField.optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;
