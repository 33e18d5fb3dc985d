/**
 * The vendors module's public face. Vendor Admin reads and decides vendors and products through the
 * repository (every business's pending rows, with their documents' stored file ids).
 */
export {
  createVendorsRepository,
  vendorDocumentIds,
  type TDecision,
  type TKeysetPage,
  type TKeysetQuery,
  type TVendorProductRow,
  type TVendorRow,
  type TVendorStatus,
  type TVendorsRepository,
} from './vendors.repository.ts';
export { sniffVideo } from './vendor-uploads.ts';
