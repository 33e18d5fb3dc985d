export type TPermissionSubject = {
  role: string;
  permissions: readonly string[];
  permission_codes: readonly string[];
};

export function isMdRole(role: string | null | undefined): boolean {
  return (role ?? '').toLowerCase() === 'md';
}

export const FULL_ACCESS = 'admin.full_access';

/** The variants a granted key may take for a resource (spec 1 §6). */
export function permissionVariants(resourceKey: string): string[] {
  const base = resourceKey.replace(/\.(page\.access|access|view|page)$/, '');
  return [resourceKey, base, `${base}.page.access`, `${base}.access`, `${base}.view`, `${base}.page`];
}

/**
 * The spec's order: the MD passes; then the resource code in permission_codes; then the key or
 * one of its variants in permissions.
 */
export function hasPermission(subject: TPermissionSubject, resourceKey: string): boolean {
  if (isMdRole(subject.role)) return true;
  // "Everything the MD can do": every key (the MD-only acts, creating employees and granting keys, stay the MD's).
  if (subject.permissions.includes(FULL_ACCESS)) return true;
  if (subject.permission_codes.includes(resourceKey)) return true;
  const granted = new Set(subject.permissions);
  return permissionVariants(resourceKey).some((variant) => granted.has(variant));
}

/** Section codes an employee may open: the first segment of each granted page key. */
export function permissionCodes(grantedKeys: readonly string[]): string[] {
  const codes = new Set<string>();
  for (const key of grantedKeys) {
    const match = /^([a-z_]+)\.page\.access$/.exec(key);
    if (match?.[1]) codes.add(match[1]);
  }
  return [...codes].sort();
}
