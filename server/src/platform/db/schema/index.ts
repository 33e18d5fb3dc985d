export * from './tenancy.ts';
export * from './platform.ts';
