/** The warehouses module's public face: what other modules may use (ESLint refuses the rest). */
export { createWarehousesRepository, visibleTo, type TWarehouse } from './warehouses.repository.ts';
export { createWarehouseAccess, employeeScope, WAREHOUSE_NOT_FOUND } from './warehouses.service.ts';
