import { z } from 'zod';
import { ZDoneSchema, ZEmailSchema, ZPasswordSchema, requiredText } from './common.ts';

export const ZCreateEmployeeRequestSchema = z.object({
  name: requiredText('Name', 100),
  email: ZEmailSchema,
  password: ZPasswordSchema,
  role: z.literal('employee').default('employee'),
});
export type TCreateEmployeeRequest = z.infer<typeof ZCreateEmployeeRequestSchema>;

export const ZEmployeeSchema = z.object({
  employee_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  access_choice: z.string().nullable(),
});
export type TEmployee = z.infer<typeof ZEmployeeSchema>;

export const ZPermissionGrantSchema = z.object({
  resource_key: z.string().min(1).max(100),
  can_access: z.boolean(),
});
export type TPermissionGrant = z.infer<typeof ZPermissionGrantSchema>;

export const ZSaveGrantsRequestSchema = z.union([
  z.array(ZPermissionGrantSchema).max(500),
  z.object({ permissions: z.array(ZPermissionGrantSchema).max(500) }),
  z.object({ grants: z.array(ZPermissionGrantSchema).max(500) }),
]);
export type TSaveGrantsRequest = z.infer<typeof ZSaveGrantsRequestSchema>;

/** GET /settings/permissions: the catalogue's keys. */
export const ZPermissionSchema = z.object({
  resource_key: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  recommended_roles: z.array(z.string()).readonly(),
});

/** POST /settings/employee-permissions/{employee_id}: the keys as saved. */
export const ZSavedGrantsSchema = ZDoneSchema.extend({ permissions: z.array(ZPermissionGrantSchema) });

/** POST /create-employee: the employee as created. */
export const ZEmployeeCreatedSchema = ZDoneSchema.extend({ employee: ZEmployeeSchema });
export type TEmployeeCreated = z.infer<typeof ZEmployeeCreatedSchema>;
