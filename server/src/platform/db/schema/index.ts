export * from './tenancy.ts';
export * from './platform.ts';
export * from './stock.ts';
export * from './restock.ts';
export * from './files.ts';
export * from './sales.ts';
export * from './audit.ts';
export * from './payables.ts';
