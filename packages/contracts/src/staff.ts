// The back office's staff: who works in it and with which role. One schema per input, shared by
// the staff screen's forms and the owner-only routes. zod/mini because the forms ship to the
// browser (in the back office's own chunk).
import * as z from 'zod/mini';
import { staffRoles, userRoles } from '@shop/domain/roles';
import { successEnvelope } from './common-mini.ts';
import { emailAddress } from './email.ts';

export const staffMessages = {
  emailInvalid: 'Valid email is required.',
  grantRoleInvalid: 'Role must be staff or owner',
  roleInvalid: 'Role must be customer, staff or owner',
  notFound: 'No staff member has this id',
  unknownEmail: 'No account has this email: ask them to sign up first.',
  unverifiedEmail:
    'This account has not verified its email address yet: ask them to follow the link we mailed them first.',
} as const;

/** `POST /api/admin/staff`: gives an existing, verified account a back-office role. */
export const staffGrantSchema = z.object({
  email: emailAddress(staffMessages.emailInvalid),
  role: z.enum(staffRoles, { error: staffMessages.grantRoleInvalid }),
});
export type StaffGrant = z.infer<typeof staffGrantSchema>;

/** `PATCH /api/admin/staff/{id}`: another role; `customer` takes the back office away. */
export const staffRoleUpdateSchema = z.object({
  role: z.enum(userRoles, { error: staffMessages.roleInvalid }),
});
export type StaffRoleUpdate = z.infer<typeof staffRoleUpdateSchema>;

// ---------- answers ----------

export const staffMember = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  /** `customer` only in the answer to the change that took the role away. */
  role: z.enum(userRoles),
  /** When the account was given its current role (ISO 8601). */
  since: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const staffListResponse = successEnvelope(z.array(staffMember));
export const staffMemberResponse = successEnvelope(staffMember);
