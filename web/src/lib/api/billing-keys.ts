/** Query keys of the plan payments and renewal (billing), shared with the dashboard's return from the checkout. */
export const billingKeys = {
  all: ['billing'] as const,
  payments: () => [...billingKeys.all, 'payments'] as const,
  renewal: () => [...billingKeys.all, 'renewal'] as const,
};
