/** The billing module's contract with the rest of the server. */
export { billingRoutes } from './billing.routes.ts';
export { createBillingService, type TBillingService } from './billing.service.ts';
export { createPaystackClient, type TPaystackApi } from './paystack.client.ts';
export { createPaystackSandbox, type TPaystackSandbox } from './paystack-sandbox.ts';
export { createPlanRenewer, type TPlanRenewer } from './plan-renewer.ts';
