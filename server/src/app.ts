import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '@app/domain/files/uploads';
import { registerAccessGuard } from './platform/auth/guard.ts';
import { createSessionStore } from './platform/auth/session-store.ts';
import { listenForSessionChanges, sessionChangePublisher } from './platform/auth/session-changes.ts';
import { createSessionsRepository } from './platform/auth/sessions.repository.ts';
import { createTokenService } from './platform/auth/tokens.ts';
import type { TConfig } from './platform/config.ts';
import type { DatabaseHandle } from './platform/db/client.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { registerApiCompression } from './platform/http/compression.ts';
import { createKeySweeper, type TKeySweeper } from './platform/http/idempotency.ts';
import { OPENAPI_DOCUMENT, openApiTransform, requireRouteDocs } from './platform/http/openapi.ts';
import { refuseNulCharacters } from './platform/http/text-input.ts';
import { refuseWhileClosing } from './platform/http/closing.ts';
import { createUploadSweeper, type TUploadSweeper } from './modules/files/upload-space.ts';
import { apiSecurityHeaders, registerWebApp } from './platform/http/web-app.ts';
import {
  createMailTransport,
  createOutboxWorker,
  type TMailTransport,
  type TOutboxWorker,
} from './platform/mail/outbox.worker.ts';
import { adminReviewRoutes } from './modules/admin-review/admin-review.routes.ts';
import { createAdminReviewService } from './modules/admin-review/admin-review.service.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { createAlertsService } from './modules/alerts/alerts.service.ts';
import { createAlertsWorker, type TAlertsWorker } from './modules/alerts/alerts.worker.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import {
  billingRoutes,
  createBillingService,
  createPaystackClient,
  createPaystackSandbox,
  createPlanRenewer,
  type TPlanRenewer,
} from './modules/billing/index.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { employeesRoutes } from './modules/employees/employees.routes.ts';
import { createEmployeesService } from './modules/employees/employees.service.ts';
import { expensesRoutes } from './modules/expenses/expenses.routes.ts';
import { createExpensesService } from './modules/expenses/expenses.service.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { createFeedbackService } from './modules/feedback/feedback.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { vendorsRoutes } from './modules/vendors/vendors.routes.ts';
import { createVendorsService } from './modules/vendors/vendors.service.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { inventoryRoutes } from './modules/inventory/inventory.routes.ts';
import { createInventoryService } from './modules/inventory/inventory.service.ts';
import { createStockScope } from './modules/inventory/index.ts';
import { movementsRoutes } from './modules/movements/movements.routes.ts';
import { createMovementsService } from './modules/movements/movements.service.ts';
import { requisitionsRoutes } from './modules/requisitions/requisitions.routes.ts';
import { createRequisitionsService } from './modules/requisitions/requisitions.service.ts';
import { restockRoutes } from './modules/restock/restock.routes.ts';
import { createRestockService } from './modules/restock/restock.service.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { createCustomersService } from './modules/customers/customers.service.ts';
import { documentSharesRoutes } from './modules/sales/document-shares.routes.ts';
import { createDocumentSharesService } from './modules/sales/document-shares.service.ts';
import { createProformasService } from './modules/sales/proformas.service.ts';
import { receiptsRoutes } from './modules/sales/receipts.routes.ts';
import { createReceiptsService } from './modules/sales/receipts.service.ts';
import { salesRoutes } from './modules/sales/sales.routes.ts';
import { createSalesService } from './modules/sales/sales.service.ts';
import { accountRoutes } from './modules/settings/account.routes.ts';
import { createAccountService } from './modules/settings/account.service.ts';
import { companyRoutes } from './modules/settings/company.routes.ts';
import { createCompanyService } from './modules/settings/company.service.ts';
import { priceLimitsRoutes } from './modules/settings/price-limits.routes.ts';
import { createPriceLimitsService } from './modules/settings/price-limits.service.ts';
import { linkedAccountsRoutes } from './modules/settings/linked-accounts.routes.ts';
import { createLinkedAccountsService } from './modules/settings/linked-accounts.service.ts';
import { createMonoClient, monoHttpTransport } from './modules/settings/mono-client.ts';
import { createMonoSandbox } from './modules/settings/mono-sandbox.ts';
import { transferChecksRoutes } from './modules/sales/transfer-checks.routes.ts';
import { createTransferChecksService } from './modules/sales/transfer-checks.service.ts';
import { officersRoutes } from './modules/settings/officers.routes.ts';
import { createOfficersService } from './modules/settings/officers.service.ts';
import { passwordRoutes } from './modules/settings/password.routes.ts';
import { createPasswordService } from './modules/settings/password.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { warehousesRoutes } from './modules/warehouses/warehouses.routes.ts';
import { createWarehousesService } from './modules/warehouses/warehouses.service.ts';
import { createUploadsStorage } from './platform/storage/uploads.ts';
import { createAccessCodes } from './platform/tenancy/access-code.ts';
import { createAdminGrants } from './modules/vendor-admin/admin-grant.ts';
import { vendorAdminRoutes } from './modules/vendor-admin/vendor-admin.routes.ts';
import { createVendorAdminService } from './modules/vendor-admin/vendor-admin.service.ts';

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const BODY_LIMIT_BYTES = 1024 * 1024;

export type TAppOptions = {
  config: TConfig;
  database: DatabaseHandle;
  /** Tests pass their own transport (e.g. SMTP to a local server); default follows the config. */
  mailTransport?: TMailTransport;
  serveWebApp?: boolean;
};

/** The composition root: repositories → services → routes. */
export async function buildApp(options: TAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    // Our own 503 while closing (refuseWhileClosing), in the API's {"detail"} shape.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseNulCharacters(app);
  refuseWhileClosing(app);

  apiSecurityHeaders(app);
  await registerApiCompression(app);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024 },
  });
  await app.register(swagger, { openapi: OPENAPI_DOCUMENT, transform: openApiTransform });
  requireRouteDocs(app);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const tokens = createTokenService(config.jwtSecret);
  const sessions = createSessionStore(createSessionsRepository(database.db), config.sessionCacheSeconds, {
    publish: sessionChangePublisher(database, app.log),
  });
  const stopHearingSessionChanges = await listenForSessionChanges(database, sessions);
  app.addHook('onClose', stopHearingSessionChanges);
  registerAccessGuard(app, { tokens, sessions });

  const db = database.db;
  const outbox = createOutboxWorker({
    db,
    transport:
      options.mailTransport ??
      createMailTransport({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox') }),
    from: config.mailFrom,
    log: app.log,
  });
  app.decorate('outbox', outbox);
  app.decorate('idempotencyKeyHours', config.idempotencyKeyHours);
  app.decorate('keySweeper', createKeySweeper({ db, keptHours: config.idempotencyKeyHours, log: app.log }));
  app.decorate('alerts', createAlertsWorker({ db, log: app.log }));
  app.addHook('onClose', () => app.alerts.stop());

  await app.register(healthRoutes(database));
  await app.register(auditRoutes(db));
  await app.register(adminReviewRoutes(createAdminReviewService({ db })));
  const auth = createAuthService({ db, tokens, sessions, config });
  await auth.fillMissingNameKeys();
  await app.register(authRoutes(auth));
  await app.register(
    employeesRoutes(createEmployeesService({ db, sessions, loginUrl: `${config.publicUrl}/login` })),
  );
  // Card payments: Paystack with a secret key, else the embedded test checkout that answers as Paystack does.
  const paystackSandbox = config.paystack.secretKey
    ? null
    : createPaystackSandbox({ db, installSecret: config.jwtSecret });
  const billing = createBillingService({
    db,
    prices: config.planPricesKobo,
    paystack: config.paystack.secretKey
      ? createPaystackClient({ secretKey: config.paystack.secretKey, baseUrl: config.paystack.baseUrl })
      : paystackSandbox!.api,
    log: app.log,
  });
  app.decorate('planRenewer', createPlanRenewer({ billing, log: app.log }));
  await app.register(billingRoutes(billing, paystackSandbox));
  await app.register(dashboardRoutes(createDashboardService({ db })));
  await app.register(feedbackRoutes(createFeedbackService({ db })));

  const accessCodes = createAccessCodes(db);
  const uploads = await createUploadsStorage(database, config);
  app.addHook('onClose', uploads.close);
  const stockScope = createStockScope(db);
  const files = createFilesService({
    db,
    storage: uploads,
    warehousesOpenTo: (actor) => stockScope.warehouseIds(actor),
  });
  app.decorate('uploadSweeper', createUploadSweeper({ db, storage: uploads, log: app.log }));
  await app.register(vendorsRoutes(createVendorsService({ db, storage: uploads })));
  await app.register(settingsRoutes(accessCodes));
  await app.register(officersRoutes(createOfficersService({ db })));
  await app.register(passwordRoutes(createPasswordService({ db, sessions, accessCodes })));
  await app.register(
    accountRoutes(
      createAccountService({
        db,
        sessions,
        files,
        log: app.log,
        importLimits: config.importLimits,
        tempDir: path.join(config.dataDir, 'temp'),
      }),
      config.importLimits,
    ),
  );
  const monoSandbox = config.mono.secretKey ? null : createMonoSandbox({ db, secret: config.jwtSecret });
  const mono = createMonoClient(
    monoSandbox?.transport ??
      monoHttpTransport({ secretKey: config.mono.secretKey!, baseUrl: config.mono.baseUrl }),
  );
  await app.register(
    linkedAccountsRoutes(
      createLinkedAccountsService({
        db,
        mono,
        sandbox: monoSandbox,
        publicKey: config.mono.publicKey ?? null,
        accessCodes,
      }),
    ),
  );
  await app.register(transferChecksRoutes(createTransferChecksService({ db, mono })));
  await app.register(alertsRoutes(createAlertsService({ db })));
  await app.register(filesRoutes(files));
  // Vendor Admin: the platform operator's console, the one cross-tenant area, behind the admin code's grant.
  await app.register(
    vendorAdminRoutes(
      createVendorAdminService({ db, files }),
      createAdminGrants({
        db,
        adminAccessCode: config.adminAccessCode,
        jwtSecret: config.jwtSecret,
        limits: config.loginLimits,
        log: app.log,
      }),
    ),
  );
  await app.register(warehousesRoutes(createWarehousesService({ db })));
  await app.register(inventoryRoutes(createInventoryService({ db, accessCodes })));
  await app.register(restockRoutes(createRestockService({ db }), files));
  await app.register(expensesRoutes(createExpensesService({ db }), files));
  await app.register(requisitionsRoutes(createRequisitionsService({ db, files }), db));
  await app.register(movementsRoutes(createMovementsService({ db })));

  const company = createCompanyService({ db, files });
  const sales = createSalesService({ db });
  const proformas = createProformasService({ db, files });
  await app.register(salesRoutes(sales, proformas, files));
  await app.register(receiptsRoutes(createReceiptsService({ db, sales, proformas, company })));
  await app.register(
    documentSharesRoutes(createDocumentSharesService({ db, company, publicUrl: config.publicUrl })),
  );
  await app.register(companyRoutes(company));
  await app.register(priceLimitsRoutes(createPriceLimitsService({ db })));
  await app.register(customersRoutes(createCustomersService({ db })));

  await registerWebApp(app, options.serveWebApp === false ? null : (config.webDistDir ?? DEFAULT_WEB_DIST));
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: TOutboxWorker;
    keySweeper: TKeySweeper;
    alerts: TAlertsWorker;
    planRenewer: TPlanRenewer;
    uploadSweeper: TUploadSweeper;
  }
}
